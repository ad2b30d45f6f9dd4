import { chooseErrorPage, type ErrorPageName } from '../../../../web/runtime/shared/error-page-choice';

const having = (...names: ErrorPageName[]) => (name: ErrorPageName) => names.includes(name);

describe('chooseErrorPage', () => {
  test('404 and 500 pages win for their own status', () => {
    expect(chooseErrorPage(404, having('404', '500', '_error'))).toBe('404');
    expect(chooseErrorPage(500, having('404', '500', '_error'))).toBe('500');
  });

  test('_error serves every other status, and 404/500 when their own page is missing', () => {
    expect(chooseErrorPage(400, having('404', '500', '_error'))).toBe('_error');
    expect(chooseErrorPage(405, having('_error'))).toBe('_error');
    expect(chooseErrorPage(404, having('500', '_error'))).toBe('_error');
    expect(chooseErrorPage(500, having('404', '_error'))).toBe('_error');
  });

  test('without _error, other statuses fall to the built-in page', () => {
    expect(chooseErrorPage(400, having('404', '500'))).toBeUndefined();
    expect(chooseErrorPage(404, having())).toBeUndefined();
  });
});
