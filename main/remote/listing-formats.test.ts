import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlIndexLinks, isS3Listing, parseS3Listing } from './listing-formats';
import { contentFolderName } from './cache';
import { cachedPath, etagMd5 } from './remote-object';
import { parseRemoteLocation } from './location';

describe('HTML index links', () => {
  const base = new URL('https://host.example/runs/r1/');
  it('keeps children of the page below the base, and drops parents, siblings, other hosts and sort links', () => {
    // the shapes nginx, Apache and python -m http.server write
    const html = `<a href="../">../</a> <a href="?C=N;O=D">Name</a> <a href="results.json">results.json</a>
      <a href='simulations/'>simulations/</a> <a href=/runs/r2/x.json>x</a> <a href="https://other.example/a">a</a>
      <a href="both%20lanes.wav#t=1">w</a> <a href="/runs/r1/artifacts/">artifacts</a> <a href="a&amp;b.json">ab</a>`;
    const links = htmlIndexLinks(html, base, base).map((u) => u.href);
    expect(links).toEqual([
      'https://host.example/runs/r1/results.json',
      'https://host.example/runs/r1/simulations/',
      'https://host.example/runs/r1/both%20lanes.wav',
      'https://host.example/runs/r1/artifacts/',
      'https://host.example/runs/r1/a&b.json',
    ]);
  });

  it('from a subfolder page, never climbs back to its parent', () => {
    const page = new URL('https://host.example/runs/r1/simulations/');
    const links = htmlIndexLinks(
      '<a href="../">..</a><a href="../results.json">r</a><a href="s.json">s</a>',
      page,
      base,
    );
    expect(links.map((u) => u.pathname)).toEqual(['/runs/r1/simulations/s.json']);
  });
});

describe('S3 XML listings', () => {
  it('reads ListObjectsV2 pages with their continuation token, entities decoded', () => {
    const xml = `<?xml version="1.0"?><ListBucketResult><Prefix>run/</Prefix><IsTruncated>true</IsTruncated>
      <Contents><Key>run/a&amp;b.json</Key><Size>12</Size>
      <ETag>&quot;0123456789abcdef0123456789abcdef&quot;</ETag></Contents>
      <NextContinuationToken>tok==</NextContinuationToken></ListBucketResult>`;
    expect(isS3Listing(xml)).toBe(true);
    expect(parseS3Listing(xml)).toEqual({
      prefix: 'run/',
      entries: [{ key: 'run/a&b.json', size: 12, etag: '"0123456789abcdef0123456789abcdef"' }],
      next: { param: 'continuation-token', value: 'tok==' },
    });
  });

  it('pages a V1 listing by marker (NextMarker, else the last key), and ends when not truncated', () => {
    const v1 = (more: boolean, marker = '') =>
      `<ListBucketResult><IsTruncated>${more}</IsTruncated>${marker}` +
      '<Contents><Key>k/2</Key><Size>1</Size></Contents></ListBucketResult>';
    expect(parseS3Listing(v1(true)).next).toEqual({ param: 'marker', value: 'k/2' });
    expect(parseS3Listing(v1(true, '<NextMarker>k/9</NextMarker>')).next).toEqual({ param: 'marker', value: 'k/9' });
    expect(parseS3Listing(v1(false)).next).toBeNull();
    expect(isS3Listing('<html><body>ListBucketResult</body></html>')).toBe(false);
  });

  it('decodes numeric character references', () => {
    expect(decodeEntities('&#34;x&#x22; &unknown;')).toBe('"x" &unknown;');
  });
});

describe('cached paths and ETags', () => {
  it('refuses paths that would leave the cache folder, naming the object', () => {
    for (const bad of ['../x', 'a/../../x', '/abs', 'a//b', 'a\\b', 'C:x', 'a/./b', 'nul\u0000'])
      expect(() => cachedPath(bad, 's3://b/obj')).toThrow(/s3:\/\/b\/obj: the object's path cannot be written/);
    expect(cachedPath('simulations/x.json', 'n')).toBe('simulations/x.json');
  });

  it('takes an ETag as an MD5 only when it is one (not a multipart ETag)', () => {
    expect(etagMd5('"0123456789ABCDEF0123456789abcdef"')).toBe('0123456789abcdef0123456789abcdef');
    expect(etagMd5('"0123456789abcdef0123456789abcdef-3"')).toBeNull();
    expect(etagMd5('W/"abc"')).toBeNull();
  });

  it('names the cached folder after the location', () => {
    expect(contentFolderName('s3://b/submissions/run-1/', false)).toBe('run-1');
    expect(contentFolderName('s3://b/', false)).toBe('files');
    expect(contentFolderName('https://h/x/?list-type=2&prefix=runs/r%C3%A9/', false)).toBe('ré');
    expect(contentFolderName('https://h/data/calls.jsonl', true)).toBe('data');
  });
});

describe('remote locations', () => {
  it('parses s3:// and https://, and refuses bad buckets and queries on s3', () => {
    expect(parseRemoteLocation('s3://my-bucket/a/b/')).toMatchObject({ kind: 's3', bucket: 'my-bucket', key: 'a/b/' });
    expect(parseRemoteLocation(' https://h.example/x/#frag ')).toMatchObject({
      kind: 'http',
      text: 'https://h.example/x/',
    });
    expect(() => parseRemoteLocation('s3://Bad_Bucket/x')).toThrow(/not a valid bucket name/);
    expect(() => parseRemoteLocation('s3://b1b/x?versionId=1')).toThrow(/has no query/);
    expect(() => parseRemoteLocation('http://10.0.0.1/x/')).toThrow(/plain http is accepted for this machine only/);
    expect(parseRemoteLocation('http://127.0.0.1:9/x/')).toMatchObject({ kind: 'http' });
  });
});
