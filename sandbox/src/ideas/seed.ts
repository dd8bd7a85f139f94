import type { Random } from '../server/clock';
import type { IdeasState, Row } from '../orchestrator/state';
import { TRANSITIONS } from './workflow';

const DAY = 86_400_000;
const IDEA_NAMES = [
  'Automate invoice matching',
  'Vendor onboarding bot',
  'Payroll reconciliation',
  'Email triage for support',
  'Month-end close checklist',
  'HR leave requests',
  'Purchase order chaser',
  "O'Brien account clean-up",
  'Freight rate lookup',
  'Contract renewal alerts',
  'Expense receipt checks',
  'Customer address updates',
];

export function seedIdeas(random: Random, now: number): IdeasState {
  const users: Row[] = [
    {
      id: 1,
      email: 'admin@sandbox.test',
      firstName: 'Ada',
      lastName: 'Admin',
      roles: ['System Admin'],
      status: 'Active',
    },
    {
      id: 2,
      email: 'developer@sandbox.test',
      firstName: 'Dev',
      lastName: 'Eloper',
      roles: ['Automation Developer'],
      status: 'Active',
    },
    {
      id: 3,
      email: 'viewer@sandbox.test',
      firstName: 'Vi',
      lastName: 'Ewer',
      roles: ['Standard User'],
      status: 'Active',
    },
  ];
  const categories: Row[] = [
    { id: 1, name: 'Finance', parentId: null },
    { id: 2, name: 'Accounts Payable', parentId: 1 },
    { id: 3, name: 'Accounts Receivable', parentId: 1 },
    { id: 4, name: 'Human Resources', parentId: null },
    { id: 5, name: 'Recruiting', parentId: 4 },
    { id: 6, name: 'IT', parentId: null },
  ];
  const steps = Object.keys(TRANSITIONS);
  const ideas: Row[] = IDEA_NAMES.map((name, i) => {
    const [phase, status] = steps[i % steps.length]!.split('/') as [string, string];
    return {
      id: i + 1,
      name,
      description: `${name}: reduce manual effort.`,
      phase,
      status,
      categoryId: random.pick([2, 3, 5, 6]),
      submitterId: random.pick([2, 3]),
      createdAt: new Date(now - (30 - i) * DAY).toISOString(),
      updatedAt: new Date(now - (12 - i) * DAY).toISOString(),
      values: {},
      tags: i % 3 === 0 ? ['quick-win'] : [],
      collaborators: [{ userId: 2, role: 'Idea Owner' }],
      documents: [],
      media: [],
      componentIds: i % 2 ? [1] : [],
      projectPlanBaseline: null,
      source: 'schema',
      statusHistory: [],
      cba: { estimatedBenefitHoursPerYear: 200 + i * 10, estimatedCost: 5000 + i * 250 },
    };
  });
  // Two live automations so the store has entries (the first has the seeded review).
  for (const live of [ideas[3]!, ideas[9]!]) Object.assign(live, { phase: 'Live', status: 'Live' });
  return {
    nextId: 100,
    customisedFlow: true,
    ideas,
    users,
    categories,
    appInventory: [
      { id: 1, name: 'SAP S/4HANA', version: '2023', vendor: 'SAP' },
      { id: 2, name: 'Microsoft Excel', version: '365', vendor: 'Microsoft' },
    ],
    components: [
      { id: 1, name: 'PDF invoice reader', type: 'Library', version: '1.2.0' },
      { id: 2, name: 'Mail triage model', type: 'Model', version: '0.9.0' },
    ],
    reviews: [
      {
        id: 1,
        automationId: 4,
        userId: 3,
        rating: 5,
        comment: 'Saves me an hour a day',
        createdAt: new Date(now - DAY).toISOString(),
      },
    ],
  };
}
