// The message centre at scale, called by bench/run.mjs (`node bench/run.mjs messages`, and `npm run bench`).
//
// On a new PGlite database (DATA_DIR in a temp dir) the built product is started with its outbox worker;
// 10,000 member enterprises with contact phones are imported through the product's own import call, then
// js_aoc sends one SMS to the member enterprises of the province (MESSAGES_RECIPIENTS sets the size). It prints:
//   · time to accept the send (the call's answer: recipients and outbox jobs written) — target < 1 s
//   · time until every recipient is delivered through the outbox provider (短信发件箱) — target < 30 s
//   · the server's peak RSS (VmHWM) during the run
//   · lost and doubled deliveries (must both be 0): every recipient 已发送, and 短信发件箱 holds exactly one
//     message per recipient.
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { positiveInt } from './members.mjs';

const requireServer = createRequire(join(import.meta.dirname, '..', 'server', 'package.json'));
const ExcelJS = requireServer('exceljs');

const ENTERPRISE = '/api/aoc-service/memberaocenterprise';
const RECIPIENTS = positiveInt('MESSAGES_RECIPIENTS', 10_000);

// GB 32100 check character (the import checks it).
const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const creditCode = (first17) => first17 + CREDIT_CHARS[(31 - ([...first17].reduce((s, c, i) => s + CREDIT_CHARS.indexOf(c) * CREDIT_WEIGHTS[i], 0) % 31)) % 31];

/** `rows` enterprises, each with a contact and a mobile of its own, in the product's import template. */
async function workbook(template, rows) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(template);
  const sheet = wb.worksheets[0];
  const header = sheet.getRow(1).values.map((v) =>
    String(v ?? '')
      .replace(/\*$/, '')
      .trim(),
  );
  const col = (label) => {
    const i = header.indexOf(label);
    if (i < 1) throw new Error(`export-template: no column ${label}`);
    return i;
  };
  const [name, credit, legal, contact, phone] = ['企业名称', '统一社会信用代码', '法定代表人', '联系人', '联系电话'].map(col);
  sheet.spliceRows(2, Math.max(0, sheet.rowCount - 1));
  for (let i = 0; i < rows; i++) {
    const r = sheet.getRow(i + 2);
    r.getCell(name).value = `消息压测企业${String(i).padStart(5, '0')}有限公司`;
    r.getCell(credit).value = creditCode(`91320100MB${String(i).padStart(7, '0')}`);
    r.getCell(legal).value = '张三';
    r.getCell(contact).value = '李四';
    r.getCell(phone).value = `139${String(i).padStart(8, '0')}`;
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Peak and current resident memory of a process, from /proc (Linux). */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
  } catch {
    return null;
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function runMessages(ctx) {
  const { HOST, CLIENT, log, record, problems, tempDirs, startServer, stopServer, freePort, request, passwordGrant } = ctx;
  const dataDir = mkdtempSync(join(tmpdir(), 'gsl-bench-msg-'));
  tempDirs.push(dataDir);
  const port = await freePort();
  log(`messages: new PGlite database in ${dataDir}, outbox worker on`);
  const server = await startServer({ dataDir, port, apiCrypto: false, timeoutMs: 120_000 });
  try {
    const token = async (account) => {
      const res = await passwordGrant(port, account);
      if (res.status !== 200) throw new Error(`login ${account}: HTTP ${res.status}`);
      return { authorization: CLIENT, 'blade-auth': `bearer ${res.body.access_token}` };
    };
    const js = await token('js_aoc');
    const admin = await token('admin');
    const json = (headers) => ({ ...headers, 'content-type': 'application/json' });
    const call = async (method, path, headers, body) => {
      const res = await request(port, method, path, body === undefined ? headers : json(headers), body === undefined ? undefined : JSON.stringify(body));
      if (res.status !== 200 || res.body?.code !== 200) throw new Error(`${method} ${path}: HTTP ${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`);
      return res.body.data;
    };

    log(`messages: importing ${RECIPIENTS} member enterprises with contact phones (the product's import)`);
    const template = await fetch(`http://${HOST}:${port}${ENTERPRISE}/export-template`, { headers: js });
    if (!template.ok) throw new Error(`export-template: HTTP ${template.status}`);
    const form = new FormData();
    const xlsx = await workbook(Buffer.from(await template.arrayBuffer()), RECIPIENTS);
    form.append('file', new Blob([xlsx], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), 'import.xlsx');
    const imported = await fetch(`http://${HOST}:${port}${ENTERPRISE}/import-member-enterprise`, { method: 'POST', headers: js, body: form });
    const importBody = await imported.json();
    if (importBody?.data?.imported !== RECIPIENTS) throw new Error(`import: ${JSON.stringify(importBody).slice(0, 400)}`);

    // The province's quota and quiet hours: room for the whole send, and no quiet window to wait for.
    const source = await call('GET', '/api/msg-center/sms-center/source/detail', js);
    await call('POST', '/api/msg-center/sms-center/source/submit', admin, {
      deptId: source.deptId,
      signName: '江苏省工商联',
      dailyQuota: 1_000_000,
      quietStart: '',
      quietEnd: '',
    });
    const range = { items: [{ tagType: 'memE' }] };
    const expected = (await call('POST', '/api/msg-center/send-range/user/count', js, { channel: 'sms', range })).count;

    log(`messages: js_aoc sends one SMS to ${expected} member enterprises`);
    const t0 = performance.now();
    const sent = await call('POST', '/api/msg-center/sms/send', js, { content: '江苏省工商联提醒:请于本月底前完成年度报告填报。', range });
    const acceptMs = performance.now() - t0;
    let detail;
    let peak = memoryOf(server.child.pid);
    for (;;) {
      detail = await call('GET', `/api/msg-center/sms/detail?id=${sent.id}`, js);
      const m = memoryOf(server.child.pid);
      if (m && (!peak || m.peakMb > peak.peakMb)) peak = m;
      if (detail.pending === 0 || performance.now() - t0 > 180_000) break;
      await sleep(200);
    }
    const deliverMs = performance.now() - t0;
    const box = await call('GET', '/api/msg-center/sms-outbox/list?current=1&size=1', admin);
    const lost = detail.total - detail.sent;
    const doubled = box.total - detail.sent;

    record(`messages: SMS to ${detail.total} recipients, time to accept`, `${acceptMs.toFixed(0)} ms`, '< 1 s', acceptMs < 1000);
    record(
      `messages: … delivered through the outbox provider`,
      `${(deliverMs / 1000).toFixed(1)} s (${detail.sent} sent, ${detail.failed} failed)`,
      '< 30 s',
      deliverMs < 30_000 && detail.pending === 0,
    );
    if (peak) record('messages: server peak RSS during the run', `${peak.peakMb.toFixed(0)} MB`, null, null);
    record('messages: lost / doubled deliveries', `${lost} / ${doubled}`, '0 / 0', lost === 0 && doubled === 0);
    if (detail.total !== expected) problems.push(`messages: the send reached ${detail.total}, the range count said ${expected}`);
    if (lost || doubled) problems.push(`messages: ${lost} lost and ${doubled} doubled deliveries`);
  } finally {
    await stopServer(server);
  }
}
