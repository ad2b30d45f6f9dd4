import { chooseRollbackVersion, parseVersionTag } from '../../../infra/rollback/choose-version';

const v = (version: string, deploy?: string) => ({ version, description: deploy ? `deploy ${deploy} build b-${deploy}` : '' });

describe('chooseRollbackVersion', () => {
  test('the newest older version from another deploy', () => {
    const result = chooseRollbackVersion([v('$LATEST'), v('1', 'a'), v('2', 'b'), v('3', 'c')], '3');
    expect(result).toEqual({ ok: true, target: v('2', 'b') });
  });

  test('skips older versions of the same deploy', () => {
    expect(chooseRollbackVersion([v('1', 'a'), v('2', 'b'), v('3', 'b')], '3')).toEqual({ ok: true, target: v('1', 'a') });
  });

  test('orders numerically, not as text', () => {
    expect(chooseRollbackVersion([v('9', 'x'), v('10', 'y'), v('11', 'z')], '11')).toEqual({ ok: true, target: v('10', 'y') });
  });

  test('never moves forward: versions newer than the alias (after an earlier rollback) are ignored', () => {
    expect(chooseRollbackVersion([v('1', 'a'), v('2', 'b'), v('3', 'c')], '2')).toEqual({ ok: true, target: v('1', 'a') });
  });

  test('versions without a tag still count by number', () => {
    expect(chooseRollbackVersion([v('1'), v('2')], '2')).toEqual({ ok: true, target: v('1') });
  });

  test('nothing older, or an alias on $LATEST', () => {
    expect(chooseRollbackVersion([v('1', 'a')], '1').ok).toBe(false);
    expect(chooseRollbackVersion([v('1', 'a')], '$LATEST')).toEqual({ ok: false, reason: expect.stringContaining('$LATEST') });
  });

  test('parseVersionTag', () => {
    expect(parseVersionTag('deploy 20260101T000000Z build abc123')).toEqual({ deployId: '20260101T000000Z', buildId: 'abc123' });
    expect(parseVersionTag('something else')).toEqual({});
  });
});
