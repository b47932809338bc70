/* call_program.S -- the call into a function of the program's whose return
 * address the interposers know (self.c).
 * Design: docs/design/layers.md. */
	.text

/* uintptr_t fm_call_program(fn, a, b, c): fn(a, b, c). A program's
 * function that ends in a tail call to an interposed function (`return
 * pthread_mutex_unlock(&m)`) leaves the return address of its own caller:
 * this one, which fm_self_called() does not count as libfarmem's. */
	.globl	fm_call_program
	.hidden	fm_call_program
	.type	fm_call_program, @function
fm_call_program:
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	movq	%rdi, %rax
	movq	%rsi, %rdi
	movq	%rdx, %rsi
	movq	%rcx, %rdx
	call	*%rax
	.globl	fm_program_return
	.hidden	fm_program_return
fm_program_return:
	popq	%rbp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size	fm_call_program, .-fm_call_program

	.section .note.GNU-stack,"",@progbits
