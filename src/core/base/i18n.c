/* SPDX-License-Identifier: MIT */
/* i18n.c - which language the words are in (see i18n.h). */
#include "config.h"

#include "i18n.h"

#include <string.h>

void i18n_language(char *buf, size_t size)
{
#if ENABLE_NLS
	const char *head, *lang;
	size_t n;
#endif

	if (size == 0)
		return;
	buf[0] = '\0';
#if ENABLE_NLS
	/* The empty msgid gives the catalog's header: the catalog gettext
	 * chose (by LANGUAGE, LC_ALL, LC_MESSAGES, LANG) names its
	 * language, so the lessons follow the same choice. */
	head = dgettext(PACKAGE, "");
	lang = head ? strstr(head, "\nLanguage: ") : NULL;
	if (!lang)
		return;
	lang += strlen("\nLanguage: ");
	n = strcspn(lang, "\n");
	if (n >= size)
		return;
	memcpy(buf, lang, n);
	buf[n] = '\0';
#endif
}
