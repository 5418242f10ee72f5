// check-variants: -Xcudafe --remarks
int add(int a, int b) { return a + b; }
