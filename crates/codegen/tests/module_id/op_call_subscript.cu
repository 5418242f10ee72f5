struct S { int operator()(int); int operator[](long); };
int S::operator[](long) { return 0; }
int S::operator()(int) { return 1; }
