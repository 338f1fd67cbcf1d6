import {
  STALE_VERSION_MSG,
  SUGGESTION_STATUS_NAMES,
  SUPPORT_MSG,
  VERSION_REQUIRED_MSG,
  attachLink,
  type PageQuery,
  type QuestionSubmit,
  type QuestionView,
  type SuggestionReply,
  type SuggestionSubmit,
  type SuggestionView,
} from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { formatTime } from '../../platform/http/time.js';
import type { SendService } from '../message/send/send.service.js';
import { questionRepo, suggestionRepo, type QuestionRow, type SuggestionRow } from './support.repo.js';

/** The scenario (sendCode) under which replies appear in the message centre. */
export const SUGGESTION_SEND_CODE = 'suggestion';
/** blade_dept.dept_category of a federation (工商联). */
const FEDERATION = 1;

export const questionView = (r: QuestionRow, timeZone: string): QuestionView => ({
  id: String(r.id),
  question: r.question,
  answer: r.answer,
  category: r.category,
  sort: r.sort,
  updateTime: formatTime(r.updateTime, timeZone),
  version: r.version,
});

export const suggestionView = (r: SuggestionRow, timeZone: string): SuggestionView => ({
  id: String(r.id),
  content: r.content,
  contactInformation: r.contactInformation,
  attachLink: r.attachLink,
  attachName: r.attachName,
  userName: r.userName,
  deptName: r.deptName,
  status: r.status,
  statusName: SUGGESTION_STATUS_NAMES[r.status] ?? '',
  reply: r.reply,
  replyUserName: r.replyUserName,
  replyTime: formatTime(r.replyTime, timeZone),
  createTime: formatTime(r.createTime, timeZone),
});

/** 常见问题: every signed-in user reads the tenant's questions; administrators maintain them. */
export const questionService = {
  async page(db: Db, actor: Actor, query: PageQuery, keyword: string | undefined, timeZone: string) {
    const page = await questionRepo.page(db, actor.tenantId, query, keyword || undefined);
    return { ...page, records: page.records.map((r) => questionView(r, timeZone)) };
  },

  async randomSix(db: Db, actor: Actor, timeZone: string) {
    return (await questionRepo.random(db, actor.tenantId, 6)).map((r) => questionView(r, timeZone));
  },

  async detail(db: Db, actor: Actor, id: string, timeZone: string) {
    const row = await questionRepo.find(db, actor.tenantId, id);
    if (!row) throw notFound();
    return questionView(row, timeZone);
  },

  async submit(db: Db, actor: Actor, input: QuestionSubmit, timeZone: string) {
    const category = input.category === undefined ? undefined : input.category || null;
    let id = input.id;
    if (!id) {
      id = await questionRepo.insert(db, {
        tenantId: actor.tenantId,
        userId: actor.userId,
        deptId: actor.deptId,
        question: input.question,
        answer: input.answer,
        category: category ?? null,
        sort: input.sort ?? 0,
      });
    } else {
      if (input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
      const values = {
        question: input.question,
        answer: input.answer,
        ...(category === undefined ? {} : { category }),
        ...(input.sort === undefined ? {} : { sort: input.sort }),
      };
      if (!(await questionRepo.update(db, actor.tenantId, actor.userId, id, input.version, values))) {
        throw (await questionRepo.find(db, actor.tenantId, id)) ? badRequest(STALE_VERSION_MSG) : notFound();
      }
    }
    const row = await questionRepo.find(db, actor.tenantId, id);
    if (!row) throw notFound();
    return { view: questionView(row, timeZone), created: !input.id };
  },

  async remove(db: Db, actor: Actor, ids: string[]) {
    await db.transaction().execute(async (tx) => {
      if ((await questionRepo.remove(tx, actor.tenantId, actor.userId, ids)) !== ids.length) throw notFound();
    });
  },
};

/**
 * 意见建议: every signed-in user sends suggestions and reads their own; administrators list them all and
 * reply once, the reply reaching the sender as a notice through the message centre's sending service.
 */
export function suggestionService(send: Pick<SendService, 'create'>) {
  return {
    async submit(db: Db, actor: Actor, input: SuggestionSubmit, timeZone: string) {
      let link: string | null = null;
      let name: string | null = null;
      if (input.attachment) {
        // Only a file this user uploaded may be attached (the avatar rule of 个人中心).
        const own = await suggestionRepo.ownUpload(db, actor.tenantId, actor.userId, input.attachment);
        if (!own) throw badRequest(SUPPORT_MSG.attachNotOwn);
        link = attachLink(input.attachment);
        name = own.originalName;
      }
      const id = await suggestionRepo.insert(db, {
        tenantId: actor.tenantId,
        userId: actor.userId,
        deptId: actor.deptId,
        content: input.content,
        contactInformation: input.contactInformation || null,
        attachLink: link,
        attachName: name,
      });
      const row = await suggestionRepo.find(db, actor.tenantId, id);
      if (!row) throw notFound();
      return suggestionView(row, timeZone);
    },

    async page(db: Db, actor: Actor, query: PageQuery, f: { own: boolean; status?: number; keyword?: string }, timeZone: string) {
      const page = await suggestionRepo.page(db, actor.tenantId, query, {
        userId: f.own ? actor.userId : undefined,
        status: f.status,
        keyword: f.keyword || undefined,
      });
      return { ...page, records: page.records.map((r) => suggestionView(r, timeZone)) };
    },

    async detail(db: Db, actor: Actor, id: string, own: boolean, timeZone: string) {
      const row = await suggestionRepo.find(db, actor.tenantId, id, own ? actor.userId : undefined);
      if (!row) throw notFound();
      return suggestionView(row, timeZone);
    },

    /**
     * Records the reply (once: a second answers 该意见建议已回复) and sends it to the sender as a notice.
     * The message centre's send runs its own transaction, so the reply is recorded first and the
     * notice sent after; should the notice fail, the reply is taken back so it can be sent again.
     */
    async reply(db: Db, actor: Actor, input: SuggestionReply, timeZone: string) {
      const row = await suggestionRepo.find(db, actor.tenantId, input.id);
      if (!row) throw notFound();
      if (row.status === 1) throw badRequest(SUPPORT_MSG.alreadyReplied);
      const sender = await suggestionRepo.sender(db, actor.tenantId, row.userId);
      if (!sender) throw badRequest(SUPPORT_MSG.senderGone);
      if (!(await suggestionRepo.markReplied(db, actor.tenantId, input.id, input.reply, actor.userId))) throw badRequest(SUPPORT_MSG.alreadyReplied);
      const excerpt = row.content.length > 100 ? `${row.content.slice(0, 100)}…` : row.content;
      try {
        await send.create(
          db,
          actor,
          'sys',
          SUGGESTION_SEND_CODE,
          { title: SUPPORT_MSG.replyTitle, content: `您提交的意见建议:${excerpt}\n\n回复:${input.reply}`, range: { items: [], userIds: [] }, attachIds: [] },
          {
            recipients: [
              {
                // As the message centre names a named account: staff of a federation, or of a chamber.
                tagType: sender.deptCategory === FEDERATION ? 'aoc' : 'coc',
                key: `user:${sender.id}`,
                userId: String(sender.id),
                name: sender.name,
                deptId: String(sender.deptId),
                deptName: sender.deptName ?? null,
                mobile: null,
                mobileHash: null,
                mobileEnc: null,
                email: null,
              },
            ],
            rangeSpec: [{ tagType: 'user', deptId: null }],
          },
        );
      } catch (e) {
        await suggestionRepo.unmarkReplied(db, actor.tenantId, input.id);
        throw e;
      }
      const after = await suggestionRepo.find(db, actor.tenantId, input.id);
      if (!after) throw notFound();
      return suggestionView(after, timeZone);
    },
  };
}
export type SuggestionService = ReturnType<typeof suggestionService>;
