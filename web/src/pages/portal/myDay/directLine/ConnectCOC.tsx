import { DirectLine } from './DirectLine';

/** 商会直通车 at /portal/myDay/connectCOC (specification §2). */
export default function ConnectCOC() {
  return <DirectLine line="coc" />;
}
