// nvcc-flags: -rdc=true
static int f() { return 1; }
