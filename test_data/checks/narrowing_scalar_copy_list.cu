// check-variants: default
int b = {2.5};
double d = 1;
int z = {d};
int y = {5};
char s[] = {1.5};
int nested[2][1] = {{1.5}, {2}};
constexpr double cd = 2.0;
int fromcx{cd};
