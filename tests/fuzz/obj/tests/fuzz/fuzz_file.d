tests/fuzz/obj/tests/fuzz/fuzz_file.o: tests/fuzz/fuzz_file.c \
  tests/fuzz/fuzz_file.h

tests/fuzz/fuzz_file.h:
