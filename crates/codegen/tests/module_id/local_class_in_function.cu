int g() { struct L { int m() { return 1; } }; return L().m(); }
