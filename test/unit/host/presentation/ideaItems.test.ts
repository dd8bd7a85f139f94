// The Ideas view's row builders (src/host/presentation/ideaItems.ts): names for ids, falling back to the ids.
import assert from 'node:assert/strict';
import { categoryItem, ideaItem, namedItem, reviewItem } from '../../../../src/host/presentation/ideaItems';

const NOW = Date.parse('2026-11-21T12:00:00Z');

describe('tree item builders: ideas', () => {
  it('describes ideas with submitter, phase, status and category names, falling back to ids', () => {
    const lookups = { users: new Map([[2, 'Dev Eloper']]), categories: new Map([[5, 'Finance']]) };
    const idea = {
      id: 11,
      name: 'Invoice bot',
      phase: 'Assessment',
      status: 'In Progress',
      categoryId: 5,
      submitterId: 2,
      createdAt: '2026-11-20T12:00:00Z',
      tags: ['ap'],
    };
    const item = ideaItem('i', idea, lookups, NOW);
    assert.equal(item.description, 'Assessment · In Progress · 1 d ago');
    assert.match(item.tooltip!, /Submitter \| Dev Eloper/);
    assert.match(item.tooltip!, /Category \| Finance/);
    const unknown = ideaItem('i', { ...idea, submitterId: 9, categoryId: 99 }, lookups, NOW);
    assert.match(unknown.tooltip!, /user 9/);
    assert.match(unknown.tooltip!, /category 99/);
    assert.equal(categoryItem('i', { id: 1, name: 'Ops', parentId: null }, 2).description, '2 subcategories');
    assert.equal(categoryItem('i', { id: 1, name: 'Ops', parentId: null }, 0).collapsible, 'none');
    assert.equal(reviewItem('i', { id: 1, rating: 4, userId: 2, comment: 'Saves hours' }, lookups).label, '★★★★☆');
    assert.equal(reviewItem('i', { id: 1, rating: 9, userId: 3 }, lookups).description, 'user 3');
    assert.equal(
      namedItem('i', 'application', { id: 3, name: 'SAP GUI', vendor: 'SAP', version: '7.7' }).description,
      'SAP · 7.7',
    );
  });
});
