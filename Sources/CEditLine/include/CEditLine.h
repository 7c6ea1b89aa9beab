#ifndef SPENDLY_CEDITLINE_H
#define SPENDLY_CEDITLINE_H
/* A small, non-variadic face of libedit for Swift (el_set is variadic). */
#include <stdio.h>

typedef struct sp_editor sp_editor;
#endif
