/* report.c - diagnostics as a compiler prints them: FILE:LINE:COL:
 * SEVERITY: MESSAGE, the source line and a caret under the column. */
#include "report.h"

#include <stdio.h>

/* The line of file numbered line, read again for a diagnostic that did not
 * keep its source line; NULL when it cannot be read. */
static char *report_source_line(const char *file, int line, char *buf,
                                size_t size)
{
	FILE *f = fopen(file, "rb");
	int n = 1, c;
	size_t len = 0;

	if (!f)
		return NULL;
	while (n < line && (c = getc(f)) != EOF)
		if (c == '\n')
			n++;
	while (n == line && (c = getc(f)) != EOF && c != '\n')
		if (len + 1 < size)
			buf[len++] = (char)c;
	fclose(f);
	if (n != line)
		return NULL;
	if (len > 0 && buf[len - 1] == '\r')
		len--;
	buf[len] = '\0';
	return buf;
}

/* Tabs before the column are copied so the caret lines up. */
static void report_diag(FILE *f, const struct diag *d)
{
	char buf[DIAG_SOURCE_MAX + 1];
	const char *src = d->source;
	int i;

	fprintf(f, "%s:%d:%d: %s: %s%s%s\n", d->file, d->line, d->col,
	        diag_severity_name(d->severity), d->message,
	        d->hint ? "; " : "", d->hint ? d->hint : "");
	if (!src)
		src = report_source_line(d->file, d->line, buf, sizeof(buf));
	if (!src || !*src)
		return;
	fputs("    ", f);
	for (i = 0; src[i]; i++) {
		unsigned char c = (unsigned char)src[i];

		/* Never send a control byte from a bad file to the terminal. */
		fputc(c == '\t' || (c >= 0x20 && c != 0x7f) ? c : '?', f);
	}
	fputs("\n    ", f);
	for (i = 0; i < d->col - 1 && src[i]; i++)
		fputc(src[i] == '\t' ? '\t' : ' ', f);
	for (; i < d->col - 1; i++)
		fputc(' ', f);
	fputs("^\n", f);
}

void report_diags(FILE *f, const struct diag_list *l)
{
	size_t i;

	for (i = 0; i < l->len; i++)
		report_diag(f, &l->items[i]);
	if (l->truncated)
		fprintf(f,
		        "hunted: too many problems; only the first "
		        "%zu are shown\n",
		        l->len);
	if (l->nomem)
		fprintf(f, "hunted: out of memory; some problems are not "
		           "shown\n");
}
