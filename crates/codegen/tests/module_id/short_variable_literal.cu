int v = 1;
