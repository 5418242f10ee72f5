namespace n { void f(int); }
void n::f(int) { }
