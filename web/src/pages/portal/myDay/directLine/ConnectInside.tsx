import { DirectLine } from './DirectLine';

/** 内部直通车 at /portal/myDay/connectInside (specification §2). */
export default function ConnectInside() {
  return <DirectLine line="inside" />;
}
