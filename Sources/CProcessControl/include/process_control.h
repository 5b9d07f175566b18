/// What the runner asks of the kernel that Swift cannot call directly (prctl is variadic).
#ifndef CONTRACT_GEN_PROCESS_CONTROL_H
#define CONTRACT_GEN_PROCESS_CONTROL_H

/// Makes this process the subreaper of its descendants (Linux): an orphan that one of them leaves
/// behind (a daemon that forked twice and left its session) becomes this process's child instead
/// of init's, so it can still be found and killed. Returns 0 on success, -1 where unsupported.
int contract_gen_become_subreaper(void);

#endif
