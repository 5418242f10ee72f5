static int f() { return 1; }
inline int g() { return 2; }
int x;
