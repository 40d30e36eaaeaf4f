// An SV-COMP task definition (.yml) as input: each property it lists that
// vcdpor checks is run as with --property and --svcomp, and its result is
// compared with the expected verdict. Two racy increments: the lost update
// reaches reach_error (unreach-call: FALSE) and races (no-data-race:
// FALSE); the no-overflow property is listed as not checked. A task whose
// expected verdict the result contradicts exits with 5; its .i input is
// absent, so the .c beside it is checked (and said so), compiled for its
// ILP32 data model (-m32). Task files vcdpor cannot use are bad input.
// RUN: %expect-exit 0 %vcdpor %S/Inputs/racy_counter.yml | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --property no-data-race %S/Inputs/racy_counter.yml | %FileCheck %s --check-prefix=ONE
// RUN: %expect-exit 5 %vcdpor %S/Inputs/wrong_expectation.yml | %FileCheck %s --check-prefix=WRONG
// RUN: %expect-exit 2 %vcdpor %S/Inputs/broken.yml 2>&1 | %FileCheck %s --check-prefix=BROKEN
// RUN: %expect-exit 2 %vcdpor %S/Inputs/malformed.yml 2>&1 | %FileCheck %s --check-prefix=MALFORMED
// RUN: %expect-exit 2 %vcdpor --json - %S/Inputs/racy_counter.yml 2>&1 | %FileCheck %s --check-prefix=JSON
// CHECK: Error: assertion: error function called (reach_error)
// CHECK: SV-COMP result: FALSE(unreach-call)
// CHECK: racy_counter.yml, property unreach-call: FALSE(unreach-call), expected FALSE(unreach-call): correct
// CHECK: Error: data-race: data race on counter
// CHECK: SV-COMP result: FALSE(no-data-race)
// CHECK: racy_counter.yml, property no-data-race: FALSE(no-data-race), expected FALSE(no-data-race): correct
// CHECK: Property ../../Inputs/no-overflow.prp: not checked
// CHECK-NOT: Note: the task's data model
// ONE-NOT: property unreach-call
// ONE: property no-data-race: FALSE(no-data-race), expected FALSE(no-data-race): correct
// WRONG: Note: {{.*}}wrong_expectation.yml names ../task_run.i, which is absent; checking {{.*}}task_run.c.
// WRONG: engine {{.*}}, ILP32
// WRONG: property unreach-call: FALSE(unreach-call), expected TRUE: WRONG
// WRONG-NOT: Note: the task's data model
// BROKEN: broken.yml: input_files: exactly one file is supported
// MALFORMED: malformed.yml: {{.*}} at line
// JSON: a task (.yml) runs each property as SV-COMP does
#include <pthread.h>

void reach_error(void);

int counter;

void *inc(void *a) {
  counter++;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, inc, 0);
  pthread_create(&b, 0, inc, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (counter != 2)
    reach_error();
  return 0;
}
