// Issue 20, item 6: a panel in the display language. The host puts the editor's bundle on the page; the panel's
// script reads it like any message from the host (checked, bounded) before it builds any text.
import assert from 'node:assert/strict';
import { readDisplayLanguage } from '../../../src/shared/displayLanguage';

describe('a panel in the display language', () => {
  it('reads the messages the host put on the page', () => {
    assert.deepEqual(readDisplayLanguage(JSON.stringify({ 'Copy as JSON': '⟦Çöþý àš ĴŠÖÑ⟧' })), {
      'Copy as JSON': '⟦Çöþý àš ĴŠÖÑ⟧',
    });
  });

  it('stays in English on anything else: none, not JSON, not text to text, too long, too many', () => {
    const many = Object.fromEntries(Array.from({ length: 20_001 }, (_, i) => [`m${i}`, 'x']));
    for (const raw of [
      undefined,
      '',
      '{not json',
      '["a"]',
      JSON.stringify({ a: 1 }),
      JSON.stringify({ a: { message: 'x' } }),
      JSON.stringify({ a: 'x'.repeat(100_001) }),
      JSON.stringify(many),
      'x'.repeat(4_000_001),
    ])
      assert.equal(readDisplayLanguage(raw), undefined, String(raw).slice(0, 40));
  });
});
