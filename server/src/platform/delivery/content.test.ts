import { describe, expect, it } from 'vitest';
import { sanitizeMailHtml, smsSegments } from './content.js';

describe('smsSegments', () => {
  it('counts every character as one, up to 70 in a single message', () => {
    expect(smsSegments('')).toEqual({ length: 0, segments: 0 });
    expect(smsSegments('您好')).toEqual({ length: 2, segments: 1 });
    expect(smsSegments('a'.repeat(70))).toEqual({ length: 70, segments: 1 });
    expect(smsSegments('会'.repeat(70))).toEqual({ length: 70, segments: 1 });
  });

  it('splits a longer message into parts of 67', () => {
    expect(smsSegments('会'.repeat(71))).toEqual({ length: 71, segments: 2 });
    expect(smsSegments('会'.repeat(134))).toEqual({ length: 134, segments: 2 });
    expect(smsSegments('会'.repeat(135))).toEqual({ length: 135, segments: 3 });
  });

  it('counts the signature 【…】 and an emoji as two', () => {
    expect(smsSegments('会'.repeat(62), '南京工商联')).toEqual({ length: 69, segments: 1 });
    expect(smsSegments('会'.repeat(64), '南京工商联')).toEqual({ length: 71, segments: 2 });
    expect(smsSegments('👍')).toEqual({ length: 2, segments: 1 });
  });
});

describe('sanitizeMailHtml', () => {
  it('keeps ordinary formatting, tables, links and pictures', async () => {
    const html =
      '<h2>通知</h2><p style="color: #c00; text-align: center"><b>加粗</b> <i>斜体</i> <u>下划线</u></p>' +
      '<table border="1"><tr><td colspan="2">单元格</td></tr></table><ul><li>一</li></ul>' +
      '<a href="https://www.example.cn/a?b=1">链接</a> <a href="mailto:office@example.cn">邮件</a>' +
      '<img src="https://www.example.cn/logo.png" alt="徽标"><img src="data:image/png;base64,iVBORw0KGgo=" alt="内嵌">';
    const out = await sanitizeMailHtml(html);
    expect(out).toContain('<h2>通知</h2>');
    expect(out).toContain('style="color:#c00;text-align:center"');
    expect(out).toContain('<b>加粗</b>');
    expect(out).toContain('<td colspan="2">单元格</td>');
    expect(out).toContain('href="https://www.example.cn/a?b=1"');
    expect(out).toContain('rel="noopener noreferrer"');
    expect(out).toContain('href="mailto:office@example.cn"');
    expect(out).toContain('src="https://www.example.cn/logo.png"');
    expect(out).toContain('src="data:image/png;base64,iVBORw0KGgo="');
  });

  it('strips scripts, event handlers, dangerous addresses and styles that load URLs', async () => {
    const html =
      '<p onclick="steal()">正文<script>alert(1)</script></p><style>body{background:url(https://t.example/x)}</style>' +
      '<a href="javascript:alert(1)">坏链接</a><a href="//evil.example/x">相对协议</a>' +
      '<img src="javascript:alert(1)"><img src="data:text/html;base64,PHNjcmlwdD4=" onerror="x()"><img src="data:image/svg+xml;base64,PHN2Zz4=">' +
      '<div style="background-image: url(https://t.example/pixel.gif); color: red">背景</div>' +
      '<span style="background: u\\72l(https://t.example/x)">转义</span>' +
      '<iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="p"></form><object data="x"></object>';
    const out = await sanitizeMailHtml(html);
    for (const bad of [
      'script',
      'onclick',
      'onerror',
      'javascript:',
      '<style',
      'url(',
      'u\\72l',
      'iframe',
      '<form',
      '<input',
      '<object',
      'data:text',
      'svg',
      '//evil',
    ])
      expect(out, bad).not.toContain(bad);
    expect(out).toContain('<p>正文</p>');
    expect(out).toContain('<div style="color:red">背景</div>');
    expect(out).toContain('>坏链接</a>');
  });
});
