/**
 * Idea phases and statuses, and the moves POST /automations/status allows. The spec leaves these unshown; this is
 * the sandbox's documented choice (see sandbox/README.md).
 */
export const PHASES: Record<string, readonly string[]> = {
  Idea: ['Awaiting Review', 'Approved', 'Rejected', 'Duplicate', 'On Hold'],
  Assessment: ['Not Started', 'In Progress', 'Awaiting Review', 'Qualified', 'Rejected', 'On Hold'],
  Development: ['Not Started', 'In Progress', 'On Hold', 'Completed'],
  Live: ['Live', 'Retired'],
};

type Step = `${string}/${string}`;

/** From "Phase/Status" to the list of allowed next "Phase/Status". */
export const TRANSITIONS: Record<Step, readonly Step[]> = {
  'Idea/Awaiting Review': ['Idea/Approved', 'Idea/Rejected', 'Idea/Duplicate', 'Idea/On Hold'],
  'Idea/On Hold': ['Idea/Awaiting Review', 'Idea/Rejected'],
  'Idea/Approved': ['Assessment/Not Started'],
  'Assessment/Not Started': ['Assessment/In Progress', 'Assessment/On Hold'],
  'Assessment/In Progress': ['Assessment/Awaiting Review', 'Assessment/On Hold'],
  'Assessment/On Hold': ['Assessment/In Progress', 'Assessment/Rejected'],
  'Assessment/Awaiting Review': ['Assessment/Qualified', 'Assessment/Rejected', 'Assessment/In Progress'],
  'Assessment/Qualified': ['Development/Not Started'],
  'Development/Not Started': ['Development/In Progress', 'Development/On Hold'],
  'Development/In Progress': ['Development/Completed', 'Development/On Hold'],
  'Development/On Hold': ['Development/In Progress'],
  'Development/Completed': ['Live/Live'],
  'Live/Live': ['Live/Retired'],
};

export function nextSteps(phase: string, status: string): readonly string[] {
  return TRANSITIONS[`${phase}/${status}` as Step] ?? [];
}
