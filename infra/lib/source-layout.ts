// Where the construct finds the code it deploys: function entries, the ASL file, the lock file.
// bin/app.ts builds it for the repository; tests may point entries elsewhere.
import { join } from 'node:path';
import { FUNCTIONS, type FunctionName } from './functions.js';

export type SourceLayout = {
  projectRoot: string;
  lockFile: string;
  /** The run's Standard state machine. */
  definitionFile: string;
  /** The Express state machine of the run's steps, which the run's state machine starts (`${RefundStepsStateMachineArn}`). */
  stepsDefinitionFile: string;
  entryFor(fn: FunctionName): string;
};

export function repoLayout(root: string): SourceLayout {
  return {
    projectRoot: root,
    lockFile: join(root, 'package-lock.json'),
    definitionFile: join(root, 'state-machine', 'refund-run.asl.json'),
    stepsDefinitionFile: join(root, 'state-machine', 'refund-steps.asl.json'),
    entryFor: (fn) => join(root, FUNCTIONS[fn].entry),
  };
}
