void f(unsigned long long, long double, char16_t, wchar_t, bool, signed char, unsigned short, __int128) { }
int later_fallback(int x) { return x; }
