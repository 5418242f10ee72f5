#include "header_definition.h"
int later_fallback(int x) { return x; }
