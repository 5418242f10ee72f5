// check-variants: default; -Xcudafe --remarks
static void unusedh() {}
