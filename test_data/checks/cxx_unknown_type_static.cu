// check-variants: default
static Baz *p = 0;
