import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { Logger } from '../../../src/host/log';

/** A LogOutputChannel that records what reaches it. */
function channel() {
  const written: string[] = [];
  const write = (level: string) => (message: string) => void written.push(`${level} ${message}`);
  return {
    written,
    channel: { info: write('info'), warn: write('warn'), error: write('error') } as unknown as vscode.LogOutputChannel,
  };
}

describe('Logger', () => {
  it('writes one line per entry: line breaks from service text cannot forge entries', () => {
    const { written, channel: output } = channel();
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
    const { written, channel: output } = channel();
    const log = new Logger(output);
    log.redact('s3cr3t-token-value');
    log.warn('refresh with s3cr3t-token-value failed; header Authorization: Bearer abcdefgh12345678');
    assert.equal(written[0], 'warn refresh with *** failed; header Authorization: Bearer ***');
  });
});
