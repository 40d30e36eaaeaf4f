// Globals with initialisers: scalars, arrays, strings, structs, pointers to
// other globals (and into them), pointer tables, const data.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=1 %s | %FileCheck %s
#include <assert.h>
#include <string.h>

int base = 10;
int arr[5] = {1, 2, 3};
int *pbase = &base;
int *pmid = &arr[2];
int **pp = &pbase;
char msg[] = "hello";
const char *str = "world";
struct node { int v; struct node *next; };
struct node n2 = {2, 0};
struct node n1 = {1, &n2};
static const int table[3] = {7, 8, 9};
const int *tp = &table[1];

int main(void) {
  assert(*pbase == 10 && **pp == 10);
  assert(*pmid == 3 && pmid[1] == 0 && arr[4] == 0);
  assert(strlen(msg) == 5 && msg[1] == 'e' && str[4] == 'd');
  assert(n1.next->v == 2 && n1.next->next == 0);
  assert(*tp == 8 && tp[1] == 9);
  *pmid = 30;
  assert(arr[2] == 30);
  return 0;
}
// One thread: 1 execution.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
