// Imported first by the local entry points: the AWS SDK warns, in many lines, that its Node 20
// support ends in 2027. Say it once, in one line (README, Limits).
if (process.versions.node.split('.')[0] === '20') {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  console.error('note: the AWS SDK asks for Node 22 from 2027; Node 20 works today.');
}
