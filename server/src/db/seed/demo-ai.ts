import { AI_MSG, AI_STATUS } from '@gsl/contract';
import type { Db } from '../connection.js';
import { demoStep } from './demo-people.js';

/** [account, question]: what two demo accounts already asked AI 对话 (a common question each). */
const ASKED: Array<[string, string]> = [
  ['nj_aoc', '忘记登录密码怎么办?'],
  ['nj_coc', '如何修改绑定的手机号?'],
];

/**
 * Demo conversations of AI 对话: each demo account's question answered as the built-in assistant
 * answers it, from the tenant's common questions (seeded before). Once per database.
 */
export async function seedDemoAiConversations(db: Db, opts: { tenantId: string }): Promise<number | null> {
  return demoStep(db, 727050, 'demo-ai-conversations-v1', async (tx) => {
    let n = 0;
    for (const [account, question] of ASKED) {
      const user = await tx.selectFrom('bladeUser').select(['id', 'deptId']).where('account', '=', account).where('isDeleted', '=', 0).executeTakeFirst();
      const faq = await tx
        .selectFrom('aocProblemBase')
        .select('answer')
        .where('tenantId', '=', opts.tenantId)
        .where('question', '=', question)
        .executeTakeFirst();
      if (!user || !faq) continue;
      const deptId = user.deptId ? String(user.deptId) : null;
      const conversation = await tx
        .insertInto('aiConversation')
        .values({ tenantId: opts.tenantId, userId: user.id, deptId, title: question })
        .returning('id')
        .executeTakeFirstOrThrow();
      const base = { conversationId: conversation.id, tenantId: opts.tenantId, userId: user.id, deptId };
      await tx
        .insertInto('aiMessage')
        .values([
          { ...base, role: 'user', content: question, status: AI_STATUS.done, model: null },
          { ...base, role: 'assistant', content: `常见问题“${question}”的解答:\n\n${faq.answer}`, status: AI_STATUS.done, model: AI_MSG.builtinLabel },
        ])
        .execute();
      n++;
    }
    return n;
  });
}
