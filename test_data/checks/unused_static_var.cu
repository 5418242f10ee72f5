// check-variants: default; -Xcudafe --remarks
static int sv;
