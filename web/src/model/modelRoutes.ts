/**
 * Hash routes of the second front end (specification §2 "Embedded AI pages", wire contract §1),
 * each with what it will show. Patterns because several names carry a variable part
 * (ai-resume-{path}, previewResume/{type}, ai-homepage-{type}).
 */
import { RESUME_KIND_OF_PAGE } from '@gsl/contract';

/** ai-resume-{path} and previewResume/{type}: only the names of a résumé kind (README deviation 60). */
const RESUME_NAMES = Object.keys(RESUME_KIND_OF_PAGE).join('|');

export interface ModelRoute {
  pattern: RegExp;
  title: string;
  note: string;
}

export const MODEL_ROUTES: ModelRoute[] = [
  { pattern: /^\/newPortal\/cocCircle$/, title: '商会圈', note: '商会的最新大事记与新闻' },
  { pattern: /^\/subapp\/coc-large-screen$/, title: '商会大屏', note: '本商会的数据大屏' },
  { pattern: /^\/subapp\/static\/share$/, title: '分享', note: '分享的 AI 简历(只读,无需登录)' },
  { pattern: /^\/ai-resume-company(-noTop)?$/, title: 'AI企业简历', note: '企业会员的 AI 简历' },
  { pattern: /^\/ai-resume-group(-noTop)?$/, title: 'AI团体简历', note: '团体会员的 AI 简历' },
  { pattern: /^\/ai-resume-person(-noTop)?$/, title: 'AI个人简历', note: '个人会员的 AI 简历' },
  { pattern: /^\/ai-resume-coc(-noTop)?$/, title: 'AI商会简历', note: '商会的 AI 简历' },
  { pattern: /^\/ai-properties-company$/, title: 'AI企业画像', note: '企业会员的 AI 画像' },
  { pattern: /^\/ai-properties-group$/, title: 'AI团体画像', note: '团体会员的 AI 画像' },
  { pattern: /^\/ai-properties-person$/, title: 'AI个人画像', note: '个人会员的 AI 画像' },
  { pattern: new RegExp(`^/ai-resume-(${RESUME_NAMES})(-noTop)?$`), title: 'AI简历', note: 'AI 简历' },
  { pattern: new RegExp(`^/previewResume/(${RESUME_NAMES})$`), title: '简历预览', note: '已发布的 AI 简历' },
  { pattern: /^\/ai-homepage-(aoc|coc|assoc)$/, title: 'AI主页', note: '组织的 AI 主页(aoc 工商联、coc 商会、assoc 协会)' },
];

export const findModelRoute = (pathname: string): ModelRoute | undefined => MODEL_ROUTES.find((r) => r.pattern.test(pathname));
