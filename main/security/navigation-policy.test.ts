import { describe, expect, it } from 'vitest';
import { externalLinkTarget, isAppUrl, isTrustedSender } from './navigation-policy';

describe('navigation policy of the desktop window', () => {
  it.each([
    ['app://earshot/index.html', true],
    ['app://earshot/assets/index.js', true],
    ['app://evil/index.html', false],
    ['app://earshot.evil.com/', false],
    ['app://user:pw@earshot/', false],
    ['file:///etc/passwd', false],
    ['http://127.0.0.1:3000/', false],
    ['https://example.com/', false],
    ['javascript:alert(1)', false],
    ['data:text/html,<script>1</script>', false],
    ['earshot-media://asset/1', false],
    ['not a url', false],
  ])('%s may be navigated to: %s', (url, allowed) => {
    expect(isAppUrl(url)).toBe(allowed);
  });

  it('opens only plain https links externally', () => {
    expect(externalLinkTarget('https://arxiv.org/abs/2509.26542')).toBe('https://arxiv.org/abs/2509.26542');
    expect(externalLinkTarget('http://example.com')).toBeNull();
    expect(externalLinkTarget('file:///tmp/x')).toBeNull();
    expect(externalLinkTarget('https://user:pw@example.com/')).toBeNull();
    expect(externalLinkTarget('smb://share/x')).toBeNull();
  });

  it('trusts IPC only from our own frames', () => {
    expect(isTrustedSender('app://earshot/index.html')).toBe(true);
    expect(isTrustedSender('https://example.com/')).toBe(false);
    expect(isTrustedSender(undefined)).toBe(false);
    expect(isTrustedSender('')).toBe(false);
  });
});
