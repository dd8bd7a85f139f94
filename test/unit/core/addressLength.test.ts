import assert from 'node:assert/strict';
import { MAX_ADDRESS_LENGTH } from '../../../src/core/http/addressLength';
import { Transport, type FetchLike } from '../../../src/core/http/transport';

describe('an address too long to send', () => {
  const transport = () => {
    const sent: string[] = [];
    const fetch: FetchLike = async (url) => (sent.push(url), Response.json({ value: [] }));
    return {
      sent,
      transport: new Transport({
        connection: { kind: 'onPremises', serviceUrl: 'https://orch.example.test' },
        fetch,
        token: async () => 't',
      }),
    };
  };

  it('is refused before sending, naming the part of the address that made it long', async () => {
    const { sent, transport: http } = transport();
    const cases: [string, RegExp][] = [
      [`/odata/QueueItems?$top=50&$filter=${'x'.repeat(9_000)}`, /the filter holds 9,000 of them/],
      [`/automations?page=1&search=${'%C3%A9'.repeat(2_000)}`, /the search text holds 12,000 of them/],
      [`/odata/Jobs?$orderby=${'y'.repeat(8_500)}`, /the \$orderby holds 8,500 of them/],
    ];
    for (const [path, part] of cases) {
      await assert.rejects(http.request({ method: 'GET', path }), (error: Error) => {
        assert.match(error.message, /^The request is too long for a web address \([\d,]+ characters, at most 8,192\)/);
        assert.match(error.message, part);
        return true;
      });
    }
    assert.deepEqual(sent, [], 'nothing was sent');
  });

  it('sends an address up to the bound', async () => {
    const { sent, transport: http } = transport();
    const room = MAX_ADDRESS_LENGTH - 'https://orch.example.test/odata/Jobs?$filter='.length;
    await http.request({ method: 'GET', path: `/odata/Jobs?$filter=${'z'.repeat(room)}` });
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.length, MAX_ADDRESS_LENGTH);
  });
});
