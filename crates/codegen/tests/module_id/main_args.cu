int main(int argc, char **argv) { return 0; }
int later_fallback(int x) { return x; }
