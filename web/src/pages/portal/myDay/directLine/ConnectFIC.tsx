import { DirectLine } from './DirectLine';

/** 工商联直通车 at /portal/myDay/connectFIC (specification §2). */
export default function ConnectFIC() {
  return <DirectLine line="fic" />;
}
