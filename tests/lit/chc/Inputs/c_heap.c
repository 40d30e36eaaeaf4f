#include <stdlib.h>
int main() {
  int *p = malloc(sizeof(int));
  *p = 1;
  free(p);
  return 0;
}
