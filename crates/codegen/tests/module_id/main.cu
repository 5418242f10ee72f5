int main() { return 0; }
int later_fallback(int x) { return x; }
