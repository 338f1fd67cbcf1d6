// antd's static message, split into its own chunk for toasts raised before antd's providers load.
export { message } from 'antd';
