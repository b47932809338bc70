/* switch.S -- the user-level thread context switch (x86-64 System V).
 * Only what a call must preserve is saved: the callee-saved registers, the
 * stack pointer, and the SSE and x87 control words.
 * Design: docs/design/ult.md. */
	.text

/* void fm_ctx_switch(void **save_sp, void *load_sp) */
	.globl	fm_ctx_switch
	.hidden	fm_ctx_switch
	.type	fm_ctx_switch, @function
fm_ctx_switch:
	.cfi_startproc
	pushq	%rbp
	pushq	%rbx
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	subq	$8, %rsp
	stmxcsr	(%rsp)
	fnstcw	4(%rsp)
	movq	%rsp, (%rdi)
	movq	%rsi, %rsp
	ldmxcsr	(%rsp)
	fldcw	4(%rsp)
	addq	$8, %rsp
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbx
	popq	%rbp
	ret
	.cfi_endproc
	.size	fm_ctx_switch, .-fm_ctx_switch

/* Where a new thread's first switch returns to: align the stack and run
 * fm_ult_start(), which never returns. */
	.globl	fm_ctx_entry
	.hidden	fm_ctx_entry
	.type	fm_ctx_entry, @function
fm_ctx_entry:
	.cfi_startproc
	.cfi_undefined rip
	andq	$-16, %rsp
	call	fm_ult_start
	ud2
	.cfi_endproc
	.size	fm_ctx_entry, .-fm_ctx_entry

	.section .note.GNU-stack,"",@progbits
