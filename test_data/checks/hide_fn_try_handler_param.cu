// check-variants: default; -Xcudafe --remarks
void f(int x) try { } catch (int x) { }
