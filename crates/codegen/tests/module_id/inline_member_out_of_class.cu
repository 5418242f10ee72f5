struct S { inline int f(); int g(); };
int S::f() { return 1; }
int S::g() { return 2; }
