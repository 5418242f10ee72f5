// check-variants: default
void h() { try { throw 1; } catch (int) {} }
