import { renderToString } from 'react-dom/server';
import type { ReactElement } from 'react';
import Image, { getImageProps } from 'stratus/image';
import { HeadManagerContext, type HeadManager } from '../../../web/runtime/head';
import type { HeadElement } from '../../../web/runtime/shared/head-manager';
import { setImageConfig } from '../../../web/runtime/shared/image-config';
import { renderPageDocument } from '../../../lambdas/render/html/render-page';

afterEach(() => setImageConfig({}));

const url = (src: string, w: number, q = 75) => `/_app/image?url=${encodeURIComponent(src)}&amp;w=${w}&amp;q=${q}`;

/** Renders with a head manager that collects `<Head>` elements, as the render core does. */
function render(element: ReactElement): { html: string; head: string } {
  const collected = new Map<string, HeadElement[]>();
  const manager: HeadManager = {
    update: (id, elements) => collected.set(id, elements),
    remove: (id) => collected.delete(id),
  };
  const html = renderToString(<HeadManagerContext.Provider value={manager}>{element}</HeadManagerContext.Provider>);
  const head = renderToString(<>{[...collected.values()].flat()}</>);
  return { html, head };
}

describe('<Image>', () => {
  it('renders 1x/2x candidates for a fixed width, with width, height, lazy loading and async decoding', () => {
    const { html, head } = render(<Image src="/avatars/ana.png" alt="Ana" width={100} height={50} />);
    expect(html).toBe(
      `<img alt="Ana" loading="lazy" decoding="async" width="100" height="50" data-nimg="1" style="color:transparent" ` +
        `srcSet="${url('/avatars/ana.png', 128)} 1x, ${url('/avatars/ana.png', 256)} 2x" src="${url('/avatars/ana.png', 256)}"/>`,
    );
    expect(head).toBe('');
  });

  it('with sizes, offers every width from the smallest that can serve the narrowest share', () => {
    const { html } = render(<Image src="/hero.jpg" alt="" width={1200} height={600} sizes="(max-width: 768px) 100vw, 50vw" />);
    const widths = [384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840];
    expect(html).toContain(`sizes="(max-width: 768px) 100vw, 50vw"`);
    expect(html).toContain(`srcSet="${widths.map((w) => `${url('/hero.jpg', w)} ${w}w`).join(', ')}"`);
    expect(html).toContain(`src="${url('/hero.jpg', 3840)}"`);
  });

  it('uses every configured width for sizes without vw, and the quality prop', () => {
    setImageConfig({ qualities: [50, 75] });
    const { html } = render(<Image src="/a.jpg" alt="" width={10} height={10} sizes="300px" quality={50} />);
    expect(html).toContain(`${url('/a.jpg', 16, 50)} 16w`);
    expect(html).toContain(`${url('/a.jpg', 3840, 50)} 3840w`);
  });

  it('asks for the closest quality the image function answers (images.qualities, as Next 16)', () => {
    const srcOf = (quality: number | undefined) => /src="([^"]+)"/.exec(render(<Image src="/a.jpg" alt="" width={10} height={10} quality={quality} />).html)![1];
    // The default list is 75 alone: any quality prop asks for 75, which the function answers.
    expect(srcOf(50)).toBe(url('/a.jpg', 32, 75));
    setImageConfig({ qualities: [50, 90] });
    expect([srcOf(55), srcOf(80), srcOf(100), srcOf(70)]).toEqual([url('/a.jpg', 32, 50), url('/a.jpg', 32, 90), url('/a.jpg', 32, 90), url('/a.jpg', 32, 50)]);
  });

  it('follows setImageConfig', () => {
    setImageConfig({ deviceSizes: [500, 1000], imageSizes: [50], quality: 60 });
    const { html } = render(<Image src="/a.jpg" alt="" width={40} height={40} />);
    expect(html).toContain(`srcSet="${url('/a.jpg', 50, 60)} 1x, ${url('/a.jpg', 500, 60)} 2x"`);
  });

  it('fill: no width/height attributes, device widths with sizes 100vw, and fills the parent', () => {
    const { html } = render(<Image src="/bg.jpg" alt="" fill />);
    expect(html).not.toMatch(/ width=| height=/);
    expect(html).toContain('sizes="100vw"');
    expect(html).toContain(`${url('/bg.jpg', 640)} 640w`);
    expect(html).not.toContain(`${url('/bg.jpg', 384)} 384w`);
    expect(html).toContain('style="position:absolute;inset:0;width:100%;height:100%;color:transparent"');
  });

  it('priority: eager with high fetch priority, and one preload link in the document head', () => {
    const { html } = render(<Image src="/hero.jpg" alt="Hero" width={640} height={320} priority />);
    expect(html).not.toContain('loading=');
    expect(html).toContain('fetchPriority="high"');
    // Through the page renderer: React 19 emits the preload, the renderer puts it in <head>.
    const doc = renderPageDocument({
      App: undefined,
      Page: () => <Image src="/hero.jpg" alt="Hero" width={640} height={320} priority />,
      props: {},
      data: { buildId: 'b', page: '/', query: {}, props: { pageProps: {} }, locale: 'en', locales: ['en'], defaultLocale: 'en', isFallback: false },
      asPath: '/',
      entryScripts: [],
      pageScripts: [],
      styles: [],
    });
    const [head, body] = doc.split('</head>');
    expect(head!.match(/<link rel="preload" as="image"[^>]*>/g)).toEqual([
      `<link rel="preload" as="image" imageSrcSet="${url('/hero.jpg', 640)} 1x, ${url('/hero.jpg', 1920)} 2x" fetchPriority="high"/>`,
    ]);
    expect(body).not.toContain('rel="preload"');
  });

  it('takes width and height from a static import, scaling a single given dimension', () => {
    const photo = { src: '/_app/static/media/photo.1a2b3c4d.jpg', width: 2400, height: 1600 };
    expect(getImageProps({ src: photo, alt: '' })).toMatchObject({ width: 2400, height: 1600 });
    expect(getImageProps({ src: photo, alt: '', width: 600 })).toMatchObject({ width: 600, height: 400 });
    const { html } = render(<Image src={photo} alt="" width={600} />);
    expect(html).toContain(`srcSet="${url(photo.src, 640)} 1x, ${url(photo.src, 1200)} 2x"`);
  });

  it('serves SVG, data: URLs and unoptimized images as they are', () => {
    expect(getImageProps({ src: '/logo.svg', alt: '', width: 10, height: 10 })).toMatchObject({ src: '/logo.svg' });
    expect(getImageProps({ src: '/logo.svg', alt: '', width: 10, height: 10 }).srcSet).toBeUndefined();
    expect(getImageProps({ src: '/a.jpg', alt: '', width: 10, height: 10, unoptimized: true }).src).toBe('/a.jpg');
  });

  it('refuses a string src without dimensions, since the page would shift', () => {
    expect(() => getImageProps({ src: '/a.jpg', alt: '' })).toThrow(/needs "width" and "height"/);
  });

  it('passes other img attributes through', () => {
    const { html } = render(<Image src="/a.jpg" alt="A" width={10} height={10} className="round" id="x" />);
    expect(html).toContain('class="round"');
    expect(html).toContain('id="x"');
  });

  it("placeholder='blur': the static import's preview, blurred, behind the image; a data: placeholder as it is; none leaks into the markup", () => {
    const photo = { src: '/_app/static/media/photo.1a2b3c4d.jpg', width: 1200, height: 800, blurDataURL: 'data:image/jpeg;base64,AAAA', blurWidth: 8, blurHeight: 5 };
    const blurred = getImageProps({ src: photo, alt: '', placeholder: 'blur' });
    expect(blurred.style).toMatchObject({ color: 'transparent', backgroundSize: 'cover', backgroundPosition: '50% 50%', backgroundRepeat: 'no-repeat' });
    const svg = decodeURIComponent(/^url\("data:image\/svg\+xml;charset=utf-8,(.*)"\)$/.exec(String(blurred.style!.backgroundImage))![1]!);
    expect(svg).toContain("viewBox='0 0 8 5'");
    expect(svg).toContain("feGaussianBlur");
    expect(svg).toContain("href='data:image/jpeg;base64,AAAA'");
    // blurDataURL given by hand, and objectFit carried to the preview.
    expect(getImageProps({ src: '/a.jpg', alt: '', width: 10, height: 10, placeholder: 'blur', blurDataURL: 'data:image/png;base64,BBBB', style: { objectFit: 'contain' } }).style).toMatchObject({ backgroundSize: 'contain' });
    expect(getImageProps({ src: '/a.jpg', alt: '', width: 10, height: 10, placeholder: 'data:image/gif;base64,CCCC' }).style).toMatchObject({ backgroundImage: 'url("data:image/gif;base64,CCCC")' });
    // Nothing to show: no preview, and no placeholder attribute on the img either.
    expect(getImageProps({ src: '/a.jpg', alt: '', width: 10, height: 10, placeholder: 'blur' }).style!.backgroundImage).toBeUndefined();
    const { html } = render(<Image src={photo} alt="" placeholder="blur" />);
    expect(html).toContain('background-image:url(&quot;data:image/svg+xml;charset=utf-8,');
    expect(html).not.toMatch(/ placeholder=| blurDataURL=| blurdataurl=/i);
  });

  it('fetchPriority, a custom loader, overrideSrc, data-nimg; next/legacy/image props read, not written as attributes', () => {
    expect(getImageProps({ src: '/a.jpg', alt: '', width: 10, height: 10, fetchPriority: 'low' }).fetchPriority).toBe('low');
    const loader = ({ src, width, quality }: { src: string; width: number; quality?: number }) => `https://cdn.example${src}?w=${width}&q=${quality ?? 'auto'}`;
    const loaded = getImageProps({ src: '/a.jpg', alt: '', width: 100, height: 50, loader, quality: 60 });
    expect(loaded.srcSet).toBe('https://cdn.example/a.jpg?w=128&q=60 1x, https://cdn.example/a.jpg?w=256&q=60 2x');
    expect(loaded.src).toBe('https://cdn.example/a.jpg?w=256&q=60');
    expect(getImageProps({ src: '/a.jpg', alt: '', width: 100, height: 50, overrideSrc: '/seo-name.jpg' }).src).toBe('/seo-name.jpg');
    expect(getImageProps({ src: '/a.jpg', alt: '', fill: true })['data-nimg']).toBe('fill');
    const legacy = getImageProps({ src: '/a.jpg', alt: '', layout: 'fill', objectFit: 'cover', objectPosition: 'top', lazyBoundary: '200px' });
    expect(legacy).toMatchObject({ 'data-nimg': 'fill', style: { position: 'absolute', objectFit: 'cover', objectPosition: 'top' } });
    const { html } = render(<Image src="/a.jpg" alt="" width={10} height={10} layout="responsive" objectFit="cover" lazyBoundary="200px" onLoadingComplete={() => undefined} />);
    expect(html).toContain('width:100%;height:auto');
    expect(html).not.toMatch(/layout=|objectfit=|lazyboundary=|onloadingcomplete=/i);
  });

  it('images.unoptimized serves every src as it is', () => {
    setImageConfig({ unoptimized: true });
    const props = getImageProps({ src: '/a.jpg', alt: '', width: 10, height: 10 });
    expect(props.src).toBe('/a.jpg');
    expect(props.srcSet).toBeUndefined();
  });
});
