/**
 * The gateway's `/ops/ws` feed: `connect(token)` opens it (the token is sent in the first message
 * and kept nowhere else), every frame becomes the latest `frame` and a point of `history`; a
 * refused token closes with OpsCloseCode.badToken. Closed when the page unmounts.
 */
import { OpsCloseCode, type OpsFrame, parseOpsFrame } from '@sportsbook/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { appendFrame, emptyHistory, type OpsHistory } from './opsHistory.ts';

export type OpsStatus = 'idle' | 'connecting' | 'live' | 'badToken' | 'closed';

function opsSocketUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ops/ws`;
}

export function useOpsFeed() {
  const [status, setStatus] = useState<OpsStatus>('idle');
  const [frame, setFrame] = useState<OpsFrame | null>(null);
  const [history, setHistory] = useState<OpsHistory>(emptyHistory);
  const socket = useRef<WebSocket | null>(null);

  const disconnect = useCallback(() => {
    socket.current?.close();
    socket.current = null;
  }, []);
  useEffect(() => disconnect, [disconnect]);

  const connect = (token: string) => {
    disconnect();
    setStatus('connecting');
    setHistory(emptyHistory());
    const ws = new WebSocket(opsSocketUrl());
    socket.current = ws;
    ws.onopen = () => ws.send(JSON.stringify({ op: 'auth', token }));
    ws.onmessage = (message) => {
      const parsed = parseOpsFrame(String(message.data));
      if (!parsed.ok) return;
      setStatus('live');
      setFrame(parsed.value);
      setHistory((h) => appendFrame(h, parsed.value));
    };
    ws.onclose = (close) => {
      if (socket.current !== ws) return;
      socket.current = null;
      setStatus(close.code === OpsCloseCode.badToken ? 'badToken' : 'closed');
    };
  };
  return { status, frame, history, connect };
}
