import assert from 'node:assert/strict';
import { Logger } from '../../../src/host/log';
import { aLogOutputChannel } from '../../support/editorFakes';

describe('Logger', () => {
  it('writes one line per entry: line breaks from service text cannot forge entries', () => {
    const { written, channel: output } = aLogOutputChannel();
    const log = new Logger(output);
    log.error('Start Job failed: queue "A"\ninfo Signed in to Production as admin\r\nwarn x\u2028y\u2029z\rw\u0085v');
    assert.equal(written.length, 1);
    assert.doesNotMatch(written[0]!, /[\r\n\u2028\u2029\u0085]/);
    assert.equal(
      written[0],
      'error Start Job failed: queue "A" ⏎ info Signed in to Production as admin ⏎ warn x ⏎ y ⏎ z ⏎ w ⏎ v',
    );
    assert.deepEqual(log.recent(), written);
  });

  it('never writes a registered secret or a bearer token', () => {
    const { written, channel: output } = aLogOutputChannel();
    const log = new Logger(output);
    log.redact('s3cr3t-token-value');
    log.warn('refresh with s3cr3t-token-value failed; header Authorization: Bearer abcdefgh12345678');
    assert.equal(written[0], 'warn refresh with *** failed; header Authorization: Bearer ***');
  });

  it('the request log: every request at Trace, failures only at Debug, nothing at Info', () => {
    const ok = { method: 'GET', path: '/odata/Folders?$top=…', status: 200, durationMs: 35.4, failed: false };
    const refused = { ...ok, status: 403, traceId: 'abc-123', failed: true };
    const timedOut = {
      method: 'POST',
      path: '/odata/Jobs/{ns}.StartJobs',
      durationMs: 20_000,
      failed: true,
      reason: 'timeout',
    };
    const written = (level: number) => {
      const { written: lines, channel: output } = aLogOutputChannel(level);
      const log = new Logger(output);
      for (const exchange of [ok, refused, timedOut]) log.request(exchange);
      return lines;
    };
    assert.deepEqual(written(1), [
      'trace GET /odata/Folders?$top=… 200 35 ms',
      'debug GET /odata/Folders?$top=… 403 35 ms trace abc-123',
      'debug POST /odata/Jobs/{ns}.StartJobs timeout 20000 ms',
    ]);
    assert.deepEqual(written(2), written(1).slice(1));
    assert.deepEqual(written(3), []);
  });
});
