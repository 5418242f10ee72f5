// check-variants: default
int i = 3;
long long ll = 4;
double d = 1.5;
unsigned uu = 5;
char c1{i};
int i2{ll};
float f1{d};
float f2{i};
unsigned u1{i};
int i3{uu};
bool b1{i};
long ok1{i};
double ok2{2};
int ok3[2] = {'a', 7};
