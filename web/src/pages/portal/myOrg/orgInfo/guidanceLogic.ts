import { MYORG_GUIDE_STEPS, ORG_PROFILE_FIELDS, menuOf, type MyOrgCardView } from '@gsl/contract';

/** A step of the guided completion and how far it is. */
export interface GuideStep {
  key: string;
  title: string;
  /** The org profile fields it asks for (none for 通讯录 and 完成). */
  fields: readonly string[];
  filled: number;
  done: boolean;
}

const isFilled = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== '';

/**
 * The guidance's steps (specification §2 myOrg/guidance): the org profile's fields step by step (基本信息,
 * 组织简介, 联系方式 — MYORG_GUIDE_STEPS, the fields the card's progress counts), then the address book (done
 * once someone of the org is in it), then 完成. Each is done by what is stored, so leaving and coming back
 * resumes where something is still missing.
 */
export function guideSteps(profile: Record<string, unknown>, card: Pick<MyOrgCardView, 'addressBookCount'>): GuideStep[] {
  const steps: GuideStep[] = MYORG_GUIDE_STEPS.map((s) => {
    const filled = s.fields.filter((f) => isFilled(profile[f])).length;
    return { key: s.key, title: s.title, fields: s.fields, filled, done: filled === s.fields.length };
  });
  steps.push({ key: 'addressBook', title: '通讯录', fields: [], filled: 0, done: card.addressBookCount > 0 });
  steps.push({ key: 'finish', title: '完成', fields: [], filled: 0, done: steps.every((s) => s.done) });
  return steps;
}

/** Where to resume: the first step still missing something, else 完成. */
export const resumeAt = (steps: GuideStep[]): number => {
  const i = steps.findIndex((s) => !s.done);
  return i === -1 ? steps.length - 1 : i;
};

/** The fields still empty, by their labels (完成 lists them). */
export const missingLabels = (profile: Record<string, unknown>): string[] =>
  MYORG_GUIDE_STEPS.flatMap((s) => s.fields.filter((f) => !isFilled(profile[f])).map((f) => ORG_PROFILE_FIELDS[f]?.label ?? f));

/** Filled guided fields out of all, in whole percent. */
export function guideProgress(steps: GuideStep[]): number {
  const total = steps.reduce((n, s) => n + s.fields.length, 0);
  return total ? Math.round((steps.reduce((n, s) => n + s.filled, 0) / total) * 100) : 0;
}

/** The address book of the org's kind — a federation's (工商联通讯录) or a chamber's (商会通讯录) — when the registry has it. */
export function addressBookOf(deptCategory: number): { code: string; name: string; path: string } | null {
  const m = menuOf(deptCategory === 1 ? 'myorg_gsl_address' : 'myorg_sh_address');
  return m?.path ? { code: m.code, name: m.name, path: m.path } : null;
}
